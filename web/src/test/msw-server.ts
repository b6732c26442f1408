import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { aShopInfo } from './builders';

/**
 * One msw server for the web tests; each test declares the calls it expects with `server.use(...)`.
 * Every screen may read the shop's details, so `GET /api/shop` answers a configured shop unless a
 * test says otherwise; checkout asks whether cash on delivery is offered, and it is unless a test
 * says otherwise; an order's payments offer nothing to pay unless a test says otherwise.
 */
export const server = setupServer(
  http.get('/api/shop', () => HttpResponse.json(aShopInfo())),
  http.get('/api/orders/cod-standing', () => HttpResponse.json({ available: true })),
  http.get('/api/orders/:id/payments', () =>
    HttpResponse.json({ canPayOnline: false, canSendProof: false, attempts: [], proofs: [] }),
  ),
);
