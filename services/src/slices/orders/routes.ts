import { Hono } from 'hono';
import type { AuthEnv } from '../../platform/http/auth';
import type { ShopDeps } from '../../shop-deps';
import { adminOrderRoutes } from './admin-routes';
import { cashOnDeliveryRoutes } from './cash-on-delivery/routes';
import { shopperOrderRoutes } from './shopper-routes';

/**
 * Orders: a signed-in shopper places, reads and cancels their own; an admin reads all, moves them
 * along the state machine and leaves notes on them; cash on delivery's confirmations and standing.
 * The dashboard's metrics are with the reports (`operations/reports`).
 */
export function ordersRoutes(deps: ShopDeps): Hono<AuthEnv> {
  return (
    new Hono<AuthEnv>()
      // Cash on delivery first: `GET /orders/cod-standing` would otherwise be read as an order's id.
      .route('/', cashOnDeliveryRoutes(deps))
      .route('/', shopperOrderRoutes(deps))
      .route('/', adminOrderRoutes(deps))
  );
}
