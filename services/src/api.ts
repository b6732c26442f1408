import { Hono } from 'hono';
import type { ShopDeps } from './shop';

/** Every API slice, mounted at /api. A slice is one Hono app built from the shop's deps. */
export function apiRoutes(_deps: ShopDeps): Hono {
  const api = new Hono();
  return api;
}
