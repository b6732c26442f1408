import type { Product } from '@shop/contracts';
import { allProjectors } from '@shop/projections';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import {
  hostileContentType,
  hostileHeaderValue,
  hostileJsonText,
  hostilePathSegment,
  hostileQuery,
  hostileString,
  malformedBodies,
  mutatedBody,
} from './arbitraries';

/** What a route needs to be called properly: the shop seeded with one of everything. */
interface Fixture {
  t: TestShop;
  admin: SignedInUser;
  user: SignedInUser;
  product: Product;
  orderId: string;
  reviewId: string;
  affiliateRequestId: string;
}

interface Route {
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
const ROUTE_GROUPS: Record<string, Route[]> = {
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
  shop: [{ method: 'GET', path: '/api/shop', auth: 'none' }],
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

// 200 in every test run; HOSTILE_RUNS=2000 explores further by hand.
const NUM_RUNS = Number(process.env.HOSTILE_RUNS ?? 200);

async function seed(): Promise<Fixture> {
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

interface HostileRequest {
  path: string;
  query: string;
  body?: string | FormData;
  headers: Record<string, string>;
}

function requestArbitrary(route: Route, f: Fixture): fc.Arbitrary<HostileRequest> {
  const token = route.auth === 'admin' ? f.admin.token : route.auth === 'user' ? f.user.token : undefined;
  const segment = fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom(...(route.ids?.(f) ?? ['some-id'])) },
    { weight: 3, arbitrary: hostilePathSegment },
  );
  const body: fc.Arbitrary<string | FormData | undefined> = route.multipart
    ? fc
        .tuple(
          fc.uint8Array({ maxLength: 2048 }),
          hostileString,
          fc.constantFrom('image', 'file', '__proto__'),
        )
        .map(([bytes, name, field]) => {
          const form = new FormData();
          form.append(field, new File([bytes], name.slice(0, 200), { type: 'image/png' }));
          form.append('__proto__', 'x');
          return form;
        })
    : route.body
      ? fc.oneof(
          { weight: 4, arbitrary: mutatedBody(route.body(f)) },
          { weight: 2, arbitrary: hostileJsonText },
          { weight: 1, arbitrary: malformedBodies },
        )
      : fc.constant(undefined);
  const headers = fc.record(
    {
      'content-type': hostileContentType,
      'idempotency-key': fc.oneof(hostileHeaderValue, fc.stringMatching(/^[A-Za-z0-9_-]{1,24}$/)),
      'accept-language': hostileHeaderValue,
      'x-forwarded-for': hostileHeaderValue,
      origin: hostileHeaderValue,
      authorization: hostileHeaderValue,
    },
    { requiredKeys: [] },
  );
  return fc
    .record({ segment, query: hostileQuery, body, headers, keepToken: fc.boolean() })
    .map(({ segment, query, body, headers, keepToken }) => {
      const all: Record<string, string> = { ...headers };
      if (body !== undefined && !(body instanceof FormData) && !('content-type' in all)) {
        all['content-type'] = 'application/json';
      }
      if (body instanceof FormData) delete all['content-type'];
      if (token && (keepToken || !('authorization' in all))) all.authorization = `Bearer ${token}`;
      return {
        path: route.path.replace(/:[A-Za-z]+/, segment),
        query,
        ...(body === undefined ? {} : { body }),
        headers: all,
      };
    });
}

const STACK_TRACE = /\n\s+at |\bat (?:async )?[\w.<>]+ \(|file:\/\/|node:internal/;
const LEAK_MARKERS = ['SQLITE', 'SELECT ', 'INSERT INTO', 'node_modules', 'better-sqlite3'];

function leaks(text: string, sent: string): string[] {
  const found = LEAK_MARKERS.filter((marker) => text.includes(marker) && !sent.includes(marker));
  if (STACK_TRACE.test(text) && !STACK_TRACE.test(sent)) found.push('stack trace');
  return found;
}

for (const [group, routes] of Object.entries(ROUTE_GROUPS)) {
  describe(`hostile input: ${group}`, () => {
    let f: Fixture;
    beforeAll(async () => {
      f = await seed();
    }, 30_000);
    afterAll(() => f.t.close());

    for (const route of routes) {
      it(`${route.method} ${route.path}: never 5xx, every 4xx has message and code, leaks nothing, a refusal appends nothing`, async (ctx) => {
        // A route in the table that this build does not serve (yet) is skipped, not failed.
        const served = f.t.shop.app.routes.some((r) => r.method === route.method && r.path === route.path);
        if (!served) ctx.skip();
        await fc.assert(
          fc.asyncProperty(requestArbitrary(route, f), async (request) => {
            let headers: Headers;
            try {
              headers = new Headers(request.headers);
            } catch {
              fc.pre(false);
              return;
            }
            // A reset asked for earlier is written after its answer: let it land before measuring.
            await f.t.deps.background.idle();
            const head = await f.t.deps.store.headPosition();
            const env = { incoming: { socket: { remoteAddress: '10.1.2.3' } } };
            const response = await f.t.shop.app.request(
              `${request.path}${request.query}`,
              {
                method: route.method,
                headers,
                ...(request.body === undefined ? {} : { body: request.body }),
              },
              env,
            );
            const text = await response.text();
            const context = `${route.method} ${request.path}${request.query.slice(0, 200)} -> ${response.status} ${text.slice(0, 300)}`;
            expect(response.status, context).toBeLessThan(500);
            const sent = `${request.path}${request.query}${typeof request.body === 'string' ? request.body : ''}${JSON.stringify(request.headers)}`;
            expect(leaks(text, sent), context).toEqual([]);
            if (response.status >= 400) {
              const body = JSON.parse(text) as { message?: unknown; code?: unknown };
              expect(typeof body.message, context).toBe('string');
              expect(typeof body.code, context).toBe('string');
              expect(await f.t.deps.store.headPosition(), context).toBe(head);
            }
          }),
          { numRuns: NUM_RUNS },
        );
        expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
      }, 120_000);
    }
  });
}

it('the route table names every route the shop registers', async () => {
  const f = await seed();
  try {
    const table = new Set(
      Object.values(ROUTE_GROUPS)
        .flat()
        .map((r) => `${r.method} ${r.path}`),
    );
    const registered = f.t.shop.app.routes
      .filter((r) => r.method !== 'ALL')
      .map((r) => `${r.method} ${r.path}`);
    for (const route of registered) expect(table).toContain(route);
  } finally {
    await f.t.close();
  }
});
