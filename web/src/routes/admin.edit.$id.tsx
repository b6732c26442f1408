import { createFileRoute, useRouter } from '@tanstack/react-router';
import { z } from 'zod';
import { adminCategoriesQuery, adminProductQuery } from '../features/admin-catalogue/api/products';
import {
  EditProductFailed,
  EditProductLoading,
  EditProductPage,
} from '../features/admin-catalogue/components/product-pages';

const Params = z.object({ id: z.string().trim().min(1) });

export const Route = createFileRoute('/admin/edit/$id')({
  params: { parse: (raw) => Params.parse(raw), stringify: (params) => params },
  // Admin code, loader and its states included, stays out of the shopper's bundle.
  codeSplitGroupings: [['loader', 'component', 'pendingComponent', 'errorComponent']],
  loader: ({ context: { queryClient }, params }) => {
    // The categories fill the form's list when they come; the form waits only for the product.
    void queryClient.prefetchQuery(adminCategoriesQuery());
    return queryClient.ensureQueryData(adminProductQuery(params.id));
  },
  // The loading line shows at once and goes as soon as the product is there.
  pendingMs: 0,
  pendingMinMs: 0,
  pendingComponent: EditProductLoading,
  errorComponent: function EditProductLoadFailed({ error }) {
    const router = useRouter();
    return <EditProductFailed error={error} onRetry={() => void router.invalidate()} />;
  },
  component: EditProductRoute,
});

function EditProductRoute() {
  const { id } = Route.useParams();
  return <EditProductPage id={id} />;
}
