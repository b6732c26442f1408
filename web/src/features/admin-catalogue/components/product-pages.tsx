import type { Product } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { errorMessage } from '../../../lib/api';
import { AdminPage } from '../../../ui/admin/admin-page';
import { ErrorPanel, LoadingState } from '../../../ui/admin/states';
import { adminProductQuery } from '../api/products';
import { ProductForm } from './product-form';
import type { SavedProduct } from './saved-product';

/** Back to the dashboard, which says what was saved and links to it. */
function useReturnToDashboard(created: boolean) {
  const navigate = useNavigate();
  return ({ id, name }: Product) => {
    const savedProduct: SavedProduct = { id, name, created };
    return navigate({ to: '/admin', state: { savedProduct } });
  };
}

/** `/admin/create`: an empty product form; success returns to the dashboard, which confirms it. */
export function CreateProductPage() {
  const returnToDashboard = useReturnToDashboard(true);
  return (
    <AdminPage title="Create New Product">
      <ProductForm onSaved={returnToDashboard} />
    </AdminPage>
  );
}

/** `/admin/edit/$id`: the form prefilled with the product; a failed load offers Retry. */
export function EditProductPage({ id }: { id: string }) {
  const returnToDashboard = useReturnToDashboard(false);
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
        <ProductForm key={product.data.id} product={product.data} onSaved={returnToDashboard} />
      )}
    </AdminPage>
  );
}
