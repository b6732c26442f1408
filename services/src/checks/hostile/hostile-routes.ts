import type { Product } from '@shop/contracts';
import { allProjectors } from '@shop/projections';
import { aProductInput } from '../../slices/catalogue/test-builders';
import { createProduct, orderBody, placeOrderOk, postReview } from '../../slices/orders/order-test-kit';
import {
  aRegistration,
  openTestShop,
  registerUser,
  type SignedInUser,
  signInAdmin,
  type TestShop,
} from '../../test-support/test-shop';

/** What a route needs to be called properly: the shop seeded with one of everything. */
export interface Fixture {
  t: TestShop;
  admin: SignedInUser;
  user: SignedInUser;
  product: Product;
  orderId: string;
  reviewId: string;
  affiliateRequestId: string;
}

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  auth: 'none' | 'user' | 'admin';
  /** A valid JSON body, which the generator then mutates; omitted for calls without one. */
  body?: (f: Fixture) => Record<string, unknown>;
  multipart?: true;
  /** Real ids for the path parameter, next to the hostile ones. */
  ids?: (f: Fixture) => string[];
}

/** Every route the shop serves, by group; each group shares one shop. */
export const ROUTE_GROUPS: Record<string, Route[]> = {
  health: [
    { method: 'GET', path: '/health/live', auth: 'none' },
    { method: 'GET', path: '/health/ready', auth: 'none' },
  ],
  // The web app's pages (`GET *`) are served only with a built web app, which this shop has not.
  sharing: [
    { method: 'GET', path: '/robots.txt', auth: 'none' },
    { method: 'GET', path: '/sitemap.xml', auth: 'none' },
    { method: 'GET', path: '/previews/shop.jpg', auth: 'none' },
    {
      method: 'GET',
      path: '/previews/:folder/:file',
      auth: 'none',
      ids: (f) => ['uploads', 'images', f.product.id],
    },
  ],
  accounts: [
    { method: 'POST', path: '/api/auth/register', auth: 'none', body: () => ({ ...aRegistration() }) },
    {
      method: 'POST',
      path: '/api/auth/login',
      auth: 'none',
      body: (f) => ({ email: f.user.email, password: 'not the password' }),
    },
    {
      method: 'POST',
      path: '/api/auth/forgot-password',
      auth: 'none',
      body: (f) => ({ email: f.user.email }),
    },
    {
      method: 'POST',
      path: '/api/auth/reset-password',
      auth: 'none',
      body: () => ({ token: 'some-request.c29tZSBtYWM', password: 'a new password' }),
    },
    {
      method: 'POST',
      path: '/api/auth/verify-email',
      auth: 'none',
      body: () => ({ token: 'v.some-user_some-request.c29tZSBtYWM' }),
    },
    { method: 'POST', path: '/api/auth/verify-email/resend', auth: 'user', body: () => ({}) },
    { method: 'GET', path: '/api/users/profile', auth: 'user' },
    {
      method: 'PUT',
      path: '/api/users/profile',
      auth: 'user',
      body: (f) => ({ name: 'New Name', email: f.user.email, contact: '0300-1234567' }),
    },
    { method: 'GET', path: '/api/admin/users', auth: 'admin' },
    // Last: it ends the session of the user's token, which the calls above need.
    { method: 'POST', path: '/api/auth/logout', auth: 'user', body: () => ({}) },
  ],
  catalogue: [
    { method: 'GET', path: '/api/products', auth: 'none' },
    { method: 'GET', path: '/api/products/:id', auth: 'none', ids: (f) => [f.product.id] },
    { method: 'POST', path: '/api/products', auth: 'admin', body: () => aProductInput() },
    {
      method: 'PUT',
      path: '/api/products/:id',
      auth: 'admin',
      body: () => aProductInput(),
      ids: (f) => [f.product.id],
    },
    { method: 'DELETE', path: '/api/products/:id', auth: 'admin', ids: (f) => [f.product.id] },
    { method: 'GET', path: '/api/catalogue', auth: 'none' },
    { method: 'GET', path: '/api/categories', auth: 'none' },
    { method: 'POST', path: '/api/upload', auth: 'admin', multipart: true },
  ],
  reviews: [
    { method: 'GET', path: '/api/reviews/:productId', auth: 'none', ids: (f) => [f.product.id] },
    {
      method: 'POST',
      path: '/api/reviews',
      auth: 'user',
      body: (f) => ({ productId: f.product.id, rating: 5, comment: 'Fits well' }),
    },
    { method: 'GET', path: '/api/reviews/mine', auth: 'user' },
    {
      method: 'PUT',
      path: '/api/reviews/:id',
      auth: 'user',
      ids: (f) => [f.reviewId],
      body: () => ({ rating: 4, comment: 'Still fits well' }),
    },
    { method: 'GET', path: '/api/admin/reviews', auth: 'admin' },
    { method: 'DELETE', path: '/api/reviews/:id', auth: 'admin', ids: (f) => [f.reviewId] },
  ],
  orders: [
    {
      method: 'POST',
      path: '/api/orders',
      auth: 'user',
      body: (f) => orderBody([{ product: f.product, qty: 1 }]) as unknown as Record<string, unknown>,
    },
    { method: 'GET', path: '/api/orders/myorders', auth: 'user' },
    { method: 'GET', path: '/api/orders', auth: 'admin' },
    { method: 'GET', path: '/api/orders/:id', auth: 'user', ids: (f) => [f.orderId] },
    { method: 'GET', path: '/api/orders/:id/tracking', auth: 'user', ids: (f) => [f.orderId] },
    {
      method: 'PUT',
      path: '/api/admin/orders/:id/status',
      auth: 'admin',
      body: () => ({ status: 'Processing' }),
      ids: (f) => [f.orderId],
    },
    { method: 'GET', path: '/api/admin/metrics', auth: 'admin' },
    { method: 'POST', path: '/api/orders/:id/cancel', auth: 'user', ids: (f) => [f.orderId] },
    {
      method: 'POST',
      path: '/api/admin/orders/:id/notes',
      auth: 'admin',
      body: () => ({ text: 'Call before coming' }),
      ids: (f) => [f.orderId],
    },
    { method: 'GET', path: '/api/orders/cod-standing', auth: 'user' },
    { method: 'GET', path: '/api/orders/confirm', auth: 'none' },
    { method: 'POST', path: '/api/orders/confirm', auth: 'none', body: () => ({ token: 'not-a-token' }) },
    { method: 'POST', path: '/api/orders/:id/confirm', auth: 'user', ids: (f) => [f.orderId] },
    {
      method: 'POST',
      path: '/api/admin/orders/:id/confirm',
      auth: 'admin',
      body: () => ({ note: 'Called her' }),
      ids: (f) => [f.orderId],
    },
    {
      method: 'POST',
      path: '/api/admin/customers/:id/cod-limit/lift',
      auth: 'admin',
      body: () => ({ reason: 'Paid the return fee' }),
      ids: (f) => [f.user.id],
    },
  ],
  'admin lists': [
    { method: 'GET', path: '/api/admin/lists/orders', auth: 'admin' },
    { method: 'GET', path: '/api/admin/lists/orders.csv', auth: 'admin' },
    { method: 'GET', path: '/api/admin/lists/customers', auth: 'admin' },
    { method: 'GET', path: '/api/admin/lists/reviews', auth: 'admin' },
    { method: 'GET', path: '/api/admin/lists/affiliate-requests', auth: 'admin' },
    { method: 'GET', path: '/api/admin/lists/products', auth: 'admin' },
  ],
  returns: [
    {
      method: 'POST',
      path: '/api/orders/:id/returns',
      auth: 'user',
      body: () => ({ items: [{ orderItemId: 'line-1', qty: 1 }], reason: 'Too small' }),
      ids: (f) => [f.orderId],
    },
    { method: 'GET', path: '/api/orders/:id/returns', auth: 'user', ids: (f) => [f.orderId] },
    { method: 'GET', path: '/api/admin/returns', auth: 'admin' },
    {
      method: 'PUT',
      path: '/api/admin/returns/:id/status',
      auth: 'admin',
      body: () => ({ status: 'Approved' }),
    },
  ],
  payments: [
    {
      method: 'POST',
      path: '/api/orders/:id/pay',
      auth: 'user',
      body: () => ({ method: 'jazzcash' }),
      ids: (f) => [f.orderId],
    },
    {
      method: 'POST',
      path: '/api/payments/jazzcash/return',
      auth: 'none',
      body: () => ({ pp_TxnRefNo: 'T1' }),
    },
    { method: 'POST', path: '/api/payments/jazzcash/ipn', auth: 'none', body: () => ({ pp_TxnRefNo: 'T1' }) },
    { method: 'GET', path: '/api/orders/:id/payments', auth: 'user', ids: (f) => [f.orderId] },
    {
      method: 'POST',
      path: '/api/orders/:id/payment-proof',
      auth: 'user',
      multipart: true,
      ids: (f) => [f.orderId],
    },
    { method: 'GET', path: '/api/admin/payment-proofs', auth: 'admin' },
    { method: 'POST', path: '/api/admin/payment-proofs/:id/accept', auth: 'admin', body: () => ({}) },
    {
      method: 'POST',
      path: '/api/admin/payment-proofs/:id/reject',
      auth: 'admin',
      body: () => ({ reason: 'Not in the statement' }),
    },
    { method: 'GET', path: '/api/admin/payment-notices', auth: 'admin' },
  ],
  shop: [{ method: 'GET', path: '/api/shop', auth: 'none' }],
  couriers: [
    { method: 'GET', path: '/api/admin/couriers', auth: 'admin' },
    {
      method: 'GET',
      path: '/api/admin/couriers/:courier/cities',
      auth: 'admin',
      ids: () => ['postex', 'trax'],
    },
    {
      method: 'POST',
      path: '/api/admin/orders/:id/shipment',
      auth: 'admin',
      body: () => ({ courier: 'postex' }),
      ids: (f) => [f.orderId],
    },
    { method: 'GET', path: '/api/admin/orders/:id/shipment', auth: 'admin', ids: (f) => [f.orderId] },
    { method: 'DELETE', path: '/api/admin/orders/:id/shipment', auth: 'admin', ids: (f) => [f.orderId] },
    {
      method: 'POST',
      path: '/api/admin/shipments',
      auth: 'admin',
      body: (f) => ({ courier: 'postex', orderIds: [f.orderId] }),
    },
  ],
  affiliates: [
    { method: 'POST', path: '/api/affiliate', auth: 'user', body: () => ({}) },
    { method: 'GET', path: '/api/affiliate', auth: 'admin' },
    { method: 'GET', path: '/api/affiliate/me', auth: 'user' },
    { method: 'GET', path: '/api/affiliate/codes/:code', auth: 'user', ids: () => ['NOTREAL1'] },
    {
      method: 'PUT',
      path: '/api/affiliate/:id/approve',
      auth: 'admin',
      body: () => ({}),
      ids: (f) => [f.affiliateRequestId],
    },
    {
      method: 'PUT',
      path: '/api/affiliate/:id/reject',
      auth: 'admin',
      body: () => ({}),
      ids: (f) => [f.affiliateRequestId],
    },
  ],
  operations: [
    { method: 'GET', path: '/api/admin/projections', auth: 'admin' },
    {
      method: 'POST',
      path: '/api/admin/projections/rebuild',
      auth: 'admin',
      body: () => ({ names: [allProjectors[0]!.name] }),
    },
    { method: 'GET', path: '/api/admin/reports/sales', auth: 'admin' },
    { method: 'GET', path: '/api/admin/messages', auth: 'admin' },
  ],
};

/** Opens a shop seeded with one of everything a route needs; the caller closes `f.t`. */
export async function seed(): Promise<Fixture> {
  const t = await openTestShop();
  const admin = await signInAdmin(t);
  const product = await createProduct(t, admin, { price: 40, countInStock: 1_000_000 });
  const user = await registerUser(t);
  await postReview(t, user, product);
  const reviewId = (await t.request<{ id: string }[]>('GET', `/api/reviews/${product.id}`)).body[0]!.id;
  const order = await placeOrderOk(t, user, [{ product, qty: 1 }]);
  const requested = await t.request<{ id: string }>('POST', '/api/affiliate', { token: user.token });
  if (requested.status !== 201) throw new Error(`seed: affiliate ${requested.status}`);
  return { t, admin, user, product, orderId: order.id, reviewId, affiliateRequestId: requested.body.id };
}
