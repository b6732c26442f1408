import type { Product } from '@shop/contracts';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
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

/** While the edit route's loader fetches the product. */
export function EditProductLoading() {
  return (
    <AdminPage title="Edit Product">
      <LoadingState label="Loading product…" />
    </AdminPage>
  );
}

/** The edit route's loader failed: what failed, and Retry, which runs the loader again. */
export function EditProductFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const [retrying, setRetrying] = useState(false);
  return (
    <AdminPage title="Edit Product">
      <ErrorPanel
        title="Could not load product"
        message={errorMessage(error)}
        retrying={retrying}
        onRetry={() => {
          setRetrying(true);
          onRetry();
        }}
      />
    </AdminPage>
  );
}

/** `/admin/edit/$id`: the form prefilled with the product its route loaded. */
export function EditProductPage({ id }: { id: string }) {
  const returnToDashboard = useReturnToDashboard(false);
  const { data: product } = useSuspenseQuery(adminProductQuery(id));
  return (
    <AdminPage title="Edit Product">
      <ProductForm key={product.id} product={product} onSaved={returnToDashboard} />
    </AdminPage>
  );
}
