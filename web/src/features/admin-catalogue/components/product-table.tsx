import { shopConfig } from '@shop/contracts';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { type Column, DataTable } from '../../../ui/admin/data-table';
import { ConfirmDialog } from '../../../ui/admin/modal';
import { ShortId } from '../../../ui/admin/short-id';
import { useIsDesktop } from '../../../ui/admin/use-media-query';
import { formatMoney } from '../../../ui/money';
import { type Product, useDeleteProduct } from '../api/products';

/**
 * The dashboard's products: ID, name, price, stock (low under the shop's threshold) and the Edit and
 * Delete actions; a table from 1024 px, cards below. Delete asks first; the product leaves the list
 * when the server agrees.
 */
export function ProductTable({ products }: { products: readonly Product[] }) {
  const [pendingDelete, setPendingDelete] = useState<Product | null>(null);
  const deletion = useDeleteProduct();
  const isDesktop = useIsDesktop();

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

  const View = isDesktop ? ProductRows : ProductCards;
  return (
    <>
      <View products={products} onDelete={setPendingDelete} />
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

interface ProductsViewProps {
  products: readonly Product[];
  onDelete: (product: Product) => void;
}

function StockBadge({ count }: { count: number }) {
  if (count <= 0) return <span className="admin-stock admin-stock--low">Sold out</span>;
  const low = count < shopConfig.lowStockUnder;
  return (
    <span className={`admin-stock admin-stock--${low ? 'low' : 'fine'}`}>
      {count}
      <span className="visually-hidden">{low ? ' (low stock)' : ' (in stock)'}</span>
    </span>
  );
}

function Actions({ product, onDelete }: { product: Product; onDelete: (product: Product) => void }) {
  return (
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
        onClick={() => onDelete(product)}
      >
        Delete
      </button>
    </div>
  );
}

function ProductRows({ products, onDelete }: ProductsViewProps) {
  const columns: Column<Product>[] = [
    { header: 'ID', className: 'admin-table__id', cell: (product) => <ShortId id={product.id} /> },
    { header: 'Name', rowHeader: true, className: 'admin-table__name', cell: (product) => product.name },
    {
      header: `Price (${shopConfig.currency})`,
      className: 'admin-table__number',
      cell: (product) => formatMoney(product.price),
    },
    { header: 'Stock', cell: (product) => <StockBadge count={product.countInStock} /> },
    { header: 'Actions', cell: (product) => <Actions product={product} onDelete={onDelete} /> },
  ];
  return (
    <DataTable
      label="Products table"
      caption="Products"
      columns={columns}
      rows={products}
      rowKey={(product) => product.id}
    />
  );
}

function ProductCards({ products, onDelete }: ProductsViewProps) {
  return (
    <ul className="admin-cards">
      {products.map((product) => (
        <li key={product.id}>
          <article className="admin-card" aria-label={product.name}>
            <h3 className="admin-card__title">{product.name}</h3>
            <dl className="admin-card__facts">
              <div>
                <dt>ID</dt>
                <dd className="admin-card__id">
                  <ShortId id={product.id} />
                </dd>
              </div>
              <div>
                <dt>Price</dt>
                <dd>{formatMoney(product.price)}</dd>
              </div>
              <div>
                <dt>Stock</dt>
                <dd>
                  <StockBadge count={product.countInStock} />
                </dd>
              </div>
            </dl>
            <Actions product={product} onDelete={onDelete} />
          </article>
        </li>
      ))}
    </ul>
  );
}
