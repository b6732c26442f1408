import { shopConfig } from '@shop/contracts';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { formatMoney } from '../../../../ui/money';
import { type Product, useDeleteProduct } from '../../api/products';
import { errorMessage } from '../ui/format';
import { ConfirmDialog } from '../ui/modal';

/**
 * The dashboard's product table: ID, name, price, stock (low under the shop's threshold) and the
 * Edit and Delete actions. Delete asks first; the row leaves the table when the server agrees.
 */
export function ProductTable({ products }: { products: readonly Product[] }) {
  const [pendingDelete, setPendingDelete] = useState<Product | null>(null);
  const deletion = useDeleteProduct();

  function close() {
    setPendingDelete(null);
    deletion.reset();
  }

  if (products.length === 0) {
    return (
      <p className="admin-empty" role="status">
        No products yet. Create the first one.
      </p>
    );
  }

  return (
    <>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <caption className="visually-hidden">Products</caption>
          <thead>
            <tr>
              <th scope="col">ID</th>
              <th scope="col">Name</th>
              <th scope="col">Price ({shopConfig.currency})</th>
              <th scope="col">Stock</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {products.map((product) => {
              const low = product.countInStock < shopConfig.lowStockUnder;
              return (
                <tr key={product.id}>
                  <td className="admin-table__id">{product.id}</td>
                  <th scope="row" className="admin-table__name">
                    {product.name}
                  </th>
                  <td className="admin-table__number">{formatMoney(product.price)}</td>
                  <td>
                    <span className={`admin-stock admin-stock--${low ? 'low' : 'fine'}`}>
                      {product.countInStock}
                      <span className="visually-hidden">{low ? ' (low stock)' : ' (in stock)'}</span>
                    </span>
                  </td>
                  <td>
                    <div className="admin-row-actions">
                      <Link
                        to="/admin/edit/$id"
                        params={{ id: product.id }}
                        className="button button--ghost admin-button--small"
                        aria-label={`Edit ${product.name}`}
                      >
                        Edit
                      </Link>
                      <button
                        type="button"
                        className="button admin-button--danger-ghost admin-button--small"
                        aria-label={`Delete ${product.name}`}
                        onClick={() => setPendingDelete(product)}
                      >
                        Delete
                      </button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {pendingDelete && (
        <ConfirmDialog
          title="Delete product"
          message="Delete this product?"
          confirmLabel="Delete"
          busyLabel="Deleting..."
          busy={deletion.isPending}
          error={deletion.isError ? `Could not delete the product: ${errorMessage(deletion.error)}` : null}
          onCancel={close}
          onConfirm={() => deletion.mutate(pendingDelete.id, { onSuccess: close })}
        />
      )}
    </>
  );
}
