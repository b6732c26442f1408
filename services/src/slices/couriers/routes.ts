import {
  BookShipmentInput,
  type CourierCitiesAnswer,
  CourierCitiesQuery,
  CourierId,
  type CouriersAnswer,
} from '@shop/contracts';
import { Hono } from 'hono';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { type AuthEnv, requireAdmin } from '../../platform/http/auth';
import { validate } from '../../platform/http/validate';
import type { ShopDeps } from '../../shop-deps';
import { bookShipment, cancelShipment, shipmentOf } from './book-shipment';
import { configuredCourier, courierProblem } from './routes-support';

const BookManyInput = z.object({
  courier: CourierId,
  orderIds: z.array(z.string().trim().min(1).max(100)).min(1).max(100),
});

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

  app.post('/admin/orders/:id/shipment', requireAdmin(deps), validate('json', BookShipmentInput), async (c) =>
    c.json(await bookShipment(deps, c.req.param('id'), c.req.valid('json'), c.get('caller').id), 201),
  );

  app.get('/admin/orders/:id/shipment', requireAdmin(deps), async (c) =>
    c.json({ shipment: await shipmentOf(deps, c.req.param('id')) }),
  );

  app.delete('/admin/orders/:id/shipment', requireAdmin(deps), async (c) =>
    c.json(await cancelShipment(deps, c.req.param('id'), c.get('caller').id)),
  );

  /** Several orders with one courier, one after the other; each answers its own outcome. */
  app.post('/admin/shipments', requireAdmin(deps), validate('json', BookManyInput), async (c) => {
    const { courier, orderIds } = c.req.valid('json');
    const results = [];
    for (const orderId of new Set(orderIds)) {
      try {
        const order = await bookShipment(
          deps,
          orderId,
          { courier, pieces: 1, again: false },
          c.get('caller').id,
        );
        results.push({ orderId, ok: true as const, shipment: order.shipment });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        results.push({
          orderId,
          ok: false as const,
          status: error.status,
          code: error.code,
          message: error.message,
        });
      }
    }
    return c.json({ results });
  });

  return app;
}
