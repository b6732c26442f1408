import {
  type CourierCitiesAnswer,
  CourierCitiesQuery,
  CourierId,
  type CouriersAnswer,
} from '@shop/contracts';
import { Hono } from 'hono';
import { z } from 'zod';
import { type Courier, CourierRefused, CourierUnavailable } from '../../platform/couriers/courier';
import { conflict, notFound, serviceUnavailable } from '../../platform/errors';
import { type AuthEnv, requireAdmin } from '../../platform/http/auth';
import { validate } from '../../platform/http/validate';
import type { ShopDeps } from '../../shop-deps';

/** A courier's failure as the admin sees it: the courier's own words, and whether to try again. */
export function courierProblem(error: unknown): unknown {
  if (error instanceof CourierUnavailable)
    return serviceUnavailable(`${error.message}. Try again in a moment.`);
  if (error instanceof CourierRefused) {
    return error.credentials ? serviceUnavailable(error.message) : conflict(error.message);
  }
  return error;
}

/** The configured courier named in the path; 404 when the shop is not configured for it. */
export function configuredCourier(deps: ShopDeps, id: CourierId): Courier {
  const courier = deps.couriers.get(id);
  if (!courier) throw notFound(`The shop is not configured for ${id} (see docs/operations.md, Couriers).`);
  return courier;
}

/** The couriers the shop books with, and their city lists. Admin only. */
export function courierRoutes(deps: ShopDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.get('/admin/couriers', requireAdmin(deps), (c) =>
    c.json({ couriers: deps.couriers.list() } satisfies CouriersAnswer),
  );

  app.get(
    '/admin/couriers/:courier/cities',
    requireAdmin(deps),
    validate('param', z.object({ courier: CourierId })),
    validate('query', CourierCitiesQuery),
    async (c) => {
      const { courier: id } = c.req.valid('param');
      const { city } = c.req.valid('query');
      const courier = configuredCourier(deps, id);
      const directory = deps.couriers.cityDirectory;
      try {
        const cities = await directory.cities(courier);
        const match = city === undefined ? null : ((await directory.match(courier, city)) ?? null);
        return c.json({ courier: id, cities, match } satisfies CourierCitiesAnswer);
      } catch (error) {
        throw courierProblem(error);
      }
    },
  );

  return app;
}
