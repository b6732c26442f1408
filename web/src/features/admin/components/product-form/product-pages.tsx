import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { adminProductQuery } from '../../api/products';
import { AdminPage } from '../ui/admin-page';
import { errorMessage } from '../ui/format';
import { ErrorPanel, LoadingState } from '../ui/states';
import { ProductForm } from './product-form';

/** `/admin/create`: an empty product form; success returns to the dashboard. */
export function CreateProductPage() {
  const navigate = useNavigate();
  return (
    <AdminPage title="Create New Product">
      <ProductForm onSaved={() => navigate({ to: '/admin' })} />
    </AdminPage>
  );
}

/** `/admin/edit/$id`: the form prefilled with the product; a failed load offers Retry. */
export function EditProductPage({ id }: { id: string }) {
  const navigate = useNavigate();
  const product = useQuery(adminProductQuery(id));
  return (
    <AdminPage title="Edit Product">
      {product.isPending ? (
        <LoadingState label="Loading product…" />
      ) : product.isError ? (
        <ErrorPanel
          title="Could not load product"
          message={errorMessage(product.error)}
          retrying={product.isFetching}
          onRetry={() => void product.refetch()}
        />
      ) : (
        <ProductForm
          key={product.data.id}
          product={product.data}
          onSaved={() => navigate({ to: '/admin' })}
        />
      )}
    </AdminPage>
  );
}
