import { createFileRoute } from '@tanstack/react-router';
import { catalogueQuery, SHOPPING_PAGES } from '../features/products/api/catalogue';
import { filtersOf, ShoppingSearch } from '../features/products/catalogue-search';
import { ShoppingPage } from '../features/products/components/shopping/shopping-page';

export const Route = createFileRoute('/shopping')({
  validateSearch: ShoppingSearch,
  loaderDeps: ({ search }) => filtersOf(search),
  // Start the first page early; the page shows skeleton cards rather than waiting here.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchInfiniteQuery(catalogueQuery(deps, SHOPPING_PAGES));
  },
  component: ShoppingRoute,
});

function ShoppingRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ShoppingPage
      search={search}
      onSearchChange={(next) => void navigate({ search: next, resetScroll: false })}
    />
  );
}
