import { createFileRoute } from '@tanstack/react-router';
import { Hero } from '../features/home/components/hero';
import { PromoSlider } from '../features/home/components/promo-slider';
import { HomeProductGrid, homeGridQuery } from '../features/products/components/home-product-grid';

export const Route = createFileRoute('/')({
  // Start the catalogue request early but never wait for it: the page must render when the API is down.
  loader: ({ context }) => {
    void context.queryClient.prefetchInfiniteQuery(homeGridQuery());
  },
  component: HomePage,
});

function HomePage() {
  return (
    <>
      <Hero />
      <PromoSlider />
      <HomeProductGrid />
    </>
  );
}
