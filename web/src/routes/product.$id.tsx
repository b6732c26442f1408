import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, notFound, useRouter } from '@tanstack/react-router';
import { productQuery } from '../features/products/api/products';
import { ProductDetail } from '../features/products/components/product-detail/product-detail';
import {
  ProductDetailSkeleton,
  ProductNotFound,
} from '../features/products/components/product-detail/product-not-found';
import { ProductReviews } from '../features/reviews/components/product-reviews';
import { ApiError, errorMessage } from '../lib/api';
import { productKeys } from '../lib/query-keys';
import { usePageTitle } from '../ui/page-title';

export const Route = createFileRoute('/product/$id')({
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.ensureQueryData(productQuery(params.id));
    } catch (error) {
      // An unknown product is 'Product Not Found'; any other failure (the API unreachable, a 5xx) is
      // logged and said as it is, with Retry: the product may well exist.
      if (error instanceof ApiError && error.status === 404) throw notFound();
      console.warn('Product load failed', error);
      throw error;
    }
  },
  pendingComponent: ProductDetailSkeleton,
  notFoundComponent: ProductNotFound,
  errorComponent: ProductLoadFailed,
  component: ProductPage,
});

function ProductLoadFailed({ error }: { error: unknown }) {
  const router = useRouter();
  return (
    <section className="product-not-found container">
      <div className="notice" role="alert">
        <p>{errorMessage(error, 'This product could not be loaded right now.')}</p>
        <button type="button" className="button button--primary" onClick={() => void router.invalidate()}>
          Retry
        </button>
      </div>
    </section>
  );
}

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
