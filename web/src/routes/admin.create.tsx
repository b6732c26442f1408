import { createFileRoute } from '@tanstack/react-router';
import { adminCategoriesQuery } from '../features/admin-catalogue/api/products';
import { CreateProductPage } from '../features/admin-catalogue/components/product-pages';

export const Route = createFileRoute('/admin/create')({
  // Admin code, loader included, stays out of the shopper's bundle.
  codeSplitGroupings: [['loader', 'component']],
  // The category list, started early; the form offers a text box until it arrives.
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(adminCategoriesQuery());
  },
  component: CreateProductPage,
});
