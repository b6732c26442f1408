import { Hono } from 'hono';
import { etag } from 'hono/etag';
import type { ShopDeps } from '../../shop-deps';

/** How long a browser may keep the shop's details: they change only when the shop restarts. */
const MAX_AGE_SECONDS = 300;

/**
 * `GET /api/shop` (public): the shop's name, currency, shipping rule, affiliate discount, returns
 * window, payment methods with their accounts and support contacts, as configured. Every screen that
 * states one of them renders it from here, so copy and rule cannot disagree.
 */
export function shopRoutes(deps: Pick<ShopDeps, 'shopInfo'>): Hono {
  const app = new Hono();
  const body = JSON.stringify(deps.shopInfo);
  app.get('/shop', etag(), (c) => {
    c.header('Cache-Control', `public, max-age=${MAX_AGE_SECONDS}`);
    c.header('Content-Type', 'application/json');
    return c.body(body);
  });
  return app;
}
