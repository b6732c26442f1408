import { Hono } from 'hono';
import { accountsRoutes } from './accounts/routes';
import { affiliatesRoutes } from './affiliates/routes';
import { catalogueRoutes } from './catalogue/routes';
import { operationsRoutes } from './operations/routes';
import { ordersRoutes } from './orders/routes';
import { reviewsRoutes } from './reviews/routes';
import type { ShopDeps } from './shop';

/** Every API slice, mounted at /api. A slice is one Hono app built from the shop's deps. */
export function apiRoutes(deps: ShopDeps): Hono {
  const api = new Hono();
  api.route('/', reviewsRoutes(deps));
  api.route('/', accountsRoutes(deps));
  api.route('/', catalogueRoutes(deps));
  api.route('/', ordersRoutes(deps));
  api.route('/', affiliatesRoutes(deps));
  api.route('/', operationsRoutes(deps));
  return api;
}
