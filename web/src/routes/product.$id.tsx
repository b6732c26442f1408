import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { productQuery } from '../features/products/api/products';
import { ProductDetail } from '../features/products/components/product-detail/product-detail';
import {
  ProductDetailSkeleton,
  ProductNotFound,
} from '../features/products/components/product-detail/product-not-found';
import { ProductReviews } from '../features/reviews/components/product-reviews';
import { ApiError } from '../lib/api';
import { productKeys } from '../lib/query-keys';
import { usePageTitle } from '../ui/page-title';

export const Route = createFileRoute('/product/$id')({
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.ensureQueryData(productQuery(params.id));
    } catch (error) {
      // Spec section 8: a failed load is logged, then the shopper sees 'Product Not Found'.
      if (!(error instanceof ApiError && error.status === 404)) console.warn('Product load failed', error);
      throw notFound();
    }
  },
  pendingComponent: ProductDetailSkeleton,
  notFoundComponent: ProductNotFound,
  component: ProductPage,
});

function ProductPage() {
  const { id } = Route.useParams();
  const queryClient = useQueryClient();
  const { data: product } = useSuspenseQuery(productQuery(id));
  usePageTitle(product.name, product.id);
  return (
    <div className="product-page container">
      <ProductDetail product={product} />
      <ProductReviews
        productId={product.id}
        onPosted={() => void queryClient.invalidateQueries({ queryKey: productKeys.detail(id), exact: true })}
      />
    </div>
  );
}
