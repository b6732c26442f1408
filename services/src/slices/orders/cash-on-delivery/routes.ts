import {
  asOrderId,
  asUserId,
  type CodAvailability,
  CodStandingQuery,
  ConfirmByLinkRequest,
  type ConfirmedByLink,
  LiftRefusalLimitRequest,
  type OrderToConfirm,
  PhoneConfirmationRequest,
} from '@shop/contracts';
import { findCustomer, findOrderOwner, orderDetails } from '@shop/projections';
import { Hono } from 'hono';
import { badRequest, notFound } from '../../../platform/errors';
import { type AuthEnv, requireAdmin, requireUser } from '../../../platform/http/auth';
import { validate } from '../../../platform/http/validate';
import type { ShopDeps } from '../../../shop-deps';
import { orderNotFound } from '../decide';
import { answerSettingsOf, staffAnswerSettingsOf, visibleTo } from '../order-answers';
import { codAvailability, codStandingThrottle, handleLiftRefusalLimit } from './cod-standing';
import { handleConfirmOrder } from './confirmation';
import { verifyConfirmationToken } from './confirmation-link';

/**
 * Cash on delivery (decision 023): a COD order is confirmed by the link in its message (signed out),
 * by its owner, or by an admin who phoned; checkout asks whether COD is offered to the shopper; an
 * admin lifts a serial refuser's limit.
 */
export function cashOnDeliveryRoutes(deps: ShopDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  const answerSettings = answerSettingsOf(deps);
  const standingChecks = codStandingThrottle(deps.clock);

  /** The order a confirmation link's token names; 400 for a forged or expired one. */
  async function orderOfLink(token: string) {
    const verified = await verifyConfirmationToken(deps, token);
    if ('invalid' in verified) {
      throw badRequest(
        verified.invalid === 'expired'
          ? 'This confirmation link has expired.'
          : 'This confirmation link is not valid. Please use the link in the message we sent you.',
        'token',
      );
    }
    return asOrderId(verified.orderId);
  }

  /** Whether checkout may offer cash on delivery to the caller (and to her own phone being filled in). */
  app.get('/orders/cod-standing', requireUser(deps), validate('query', CodStandingQuery), (c) => {
    standingChecks.take({ account: c.var.caller.id });
    return c.json<CodAvailability>(codAvailability(deps, c.var.caller.id, c.req.valid('query').phone));
  });

  /** The order a link names, shown before the shopper confirms it; reading it changes nothing. */
  app.get('/orders/confirm', validate('query', ConfirmByLinkRequest), async (c) => {
    const orderId = await orderOfLink(c.req.valid('query').token);
    const order = orderDetails(deps.readModels, { id: orderId, ...answerSettings });
    if (!order) throw orderNotFound();
    const { reference, status, totalPrice, paymentMethod, confirmation } = order;
    const items = order.orderItems.map(({ name, size, qty, price }) => ({ name, size, qty, price }));
    return c.json<OrderToConfirm>({ reference, status, totalPrice, paymentMethod, confirmation, items });
  });

  /** The link in the confirmation message: no sign-in, the signed token names the order. */
  app.post('/orders/confirm', validate('json', ConfirmByLinkRequest), async (c) => {
    const orderId = await orderOfLink(c.req.valid('json').token);
    const owner = findOrderOwner(deps.readModels, { id: orderId });
    if (owner === undefined) throw orderNotFound();
    await handleConfirmOrder(deps, { orderId, by: asUserId(owner), channel: 'link' });
    const order = orderDetails(deps.readModels, { id: orderId, ...answerSettings });
    if (!order) throw orderNotFound();
    const { id, reference, status, totalPrice, confirmation } = order;
    return c.json<ConfirmedByLink>({ id, reference, status, totalPrice, confirmation });
  });

  app.post('/orders/:id/confirm', requireUser(deps), async (c) => {
    const id = asOrderId(c.req.param('id'));
    await handleConfirmOrder(deps, { orderId: id, by: asUserId(c.var.caller.id), channel: 'order-page' });
    return c.json(visibleTo(c.var.caller, orderDetails(deps.readModels, { id, ...answerSettings })));
  });

  app.post(
    '/admin/orders/:id/confirm',
    requireAdmin(deps),
    validate('json', PhoneConfirmationRequest),
    async (c) => {
      const id = asOrderId(c.req.param('id'));
      const { note } = c.req.valid('json');
      await handleConfirmOrder(deps, { orderId: id, by: asUserId(c.var.caller.id), channel: 'phone', note });
      const order = orderDetails(deps.readModels, { id, history: true, ...staffAnswerSettingsOf(deps) });
      if (!order) throw orderNotFound();
      return c.json(order);
    },
  );

  /** Cash on delivery offered again to a customer past the refusal limit, until their next refusal. */
  app.post(
    '/admin/customers/:id/cod-limit/lift',
    requireAdmin(deps),
    validate('json', LiftRefusalLimitRequest),
    async (c) => {
      const userId = asUserId(c.req.param('id'));
      if (!findCustomer(deps.readModels, { id: userId })) throw notFound('Customer not found');
      const standing = await handleLiftRefusalLimit(
        deps,
        userId,
        c.req.valid('json').reason,
        asUserId(c.var.caller.id),
      );
      return c.json(standing);
    },
  );

  return app;
}
