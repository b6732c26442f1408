import { Hono } from 'hono';
import { operationsRoutes } from './operations/projections-routes';
import { metricsRoutes } from './operations/reports/metrics-routes';
import { reportsRoutes } from './operations/reports/reports-routes';
import type { ShopDeps } from './shop-deps';
import { accountsRoutes } from './slices/accounts/routes';
import { affiliatesRoutes } from './slices/affiliates/routes';
import { catalogueRoutes } from './slices/catalogue/routes';
import { courierRoutes } from './slices/couriers/routes';
import { ordersRoutes } from './slices/orders/routes';
import { paymentsRoutes } from './slices/payments/routes';
import { returnsRoutes } from './slices/returns/routes';
import { reviewsRoutes } from './slices/reviews/routes';
import { shopRoutes } from './slices/shop/routes';

/** Every API slice, mounted at /api. A slice is one Hono app built from the shop's deps. */
export function apiRoutes(deps: ShopDeps): Hono {
  const api = new Hono();
  api.route('/', reviewsRoutes(deps));
  api.route('/', accountsRoutes(deps));
  api.route('/', catalogueRoutes(deps));
  api.route('/', ordersRoutes(deps));
  api.route('/', paymentsRoutes(deps));
  api.route('/', returnsRoutes(deps));
  api.route('/', affiliatesRoutes(deps));
  api.route('/', operationsRoutes(deps));
  api.route('/', shopRoutes(deps));
  api.route('/', metricsRoutes(deps));
  api.route('/', reportsRoutes(deps));
  api.route('/', courierRoutes(deps));
  return api;
}
