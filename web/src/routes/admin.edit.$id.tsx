import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { adminCategoriesQuery, adminProductQuery } from '../features/admin-catalogue/api/products';
import { EditProductPage } from '../features/admin-catalogue/components/product-pages';

const Params = z.object({ id: z.string().trim().min(1) });

export const Route = createFileRoute('/admin/edit/$id')({
  params: { parse: (raw) => Params.parse(raw), stringify: (params) => params },
  // Admin code, loader included, stays out of the shopper's bundle.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context: { queryClient }, params }) => {
    void queryClient.prefetchQuery(adminProductQuery(params.id));
    void queryClient.prefetchQuery(adminCategoriesQuery());
  },
  component: EditProductRoute,
});

function EditProductRoute() {
  const { id } = Route.useParams();
  return <EditProductPage id={id} />;
}
