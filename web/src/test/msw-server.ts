import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { aReviewableLine, aShopInfo } from './builders';

/**
 * One msw server for the web tests; each test declares the calls it expects with `server.use(...)`.
 * Every screen may read the shop's details, so `GET /api/shop` answers a configured shop unless a
 * test says otherwise; a signed-in shopper may review the product she opens (one delivered line);
 * checkout asks whether cash on delivery is offered, and it is unless a test says otherwise; an
 * order's payments offer nothing to pay unless a test says otherwise.
 */
export const server = setupServer(
  http.get('/api/shop', () => HttpResponse.json(aShopInfo())),
  // A signed-in shopper has a delivered order of the product she looks at, not reviewed yet.
  http.get('/api/reviews/mine', ({ request }) => {
    const productId = new URL(request.url).searchParams.get('productId') ?? 'p1';
    return HttpResponse.json({ reviewable: [aReviewableLine({ productId })], reviews: [] });
  }),
  http.get('/api/orders/cod-standing', () => HttpResponse.json({ available: true })),
  http.get('/api/orders/:id/payments', () =>
    HttpResponse.json({ canPayOnline: false, canSendProof: false, attempts: [], proofs: [] }),
  ),
);
