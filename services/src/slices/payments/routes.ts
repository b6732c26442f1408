import {
  type AttemptState,
  fromMinor,
  manualPaymentAccounts,
  type OrderPayments,
  type PaymentForm,
  PayRequest,
  RejectProofRequest,
  type ShopInfo,
  TransactionId,
} from '@shop/contracts';
import { orderDetails, paymentsOfOrder, rejectedPaymentNotices } from '@shop/projections';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { type AuthEnv, requireAdmin, requireUser } from '../../platform/http/auth';
import { validate } from '../../platform/http/validate';
import type { ShopDeps } from '../../shop-deps';
import { MAX_UPLOAD_BYTES, tooLargeImage } from '../catalogue/uploads';
import { IPN_RECEIVED } from './jazzcash';
import { type NoticeResult, receiveJazzCashNotice, startJazzCashPayment } from './jazzcash-payments';
import { adminProofs, decidePaymentProof, proofView, submitPaymentProof } from './proofs';

const MULTIPART_OVERHEAD = 64 * 1024;
/** A notice is a few hundred bytes of fields; anything much larger is not JazzCash's. */
const NOTICE_LIMIT = 16 * 1024;

const ProofsQuery = z.object({ state: z.enum(['submitted', 'accepted', 'rejected']).optional() });

/**
 * Taking money online (decision 030). The owner of an order pays it through JazzCash's hosted page
 * (the shop signs the form, the browser posts it) or proves a manual transfer; JazzCash's return and
 * IPN are believed only when signed with our salt and matching a payment we started; admins check
 * proofs. Someone else's order answers 404, as for every order route.
 */
export function paymentsRoutes(deps: ShopDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  const noticeLimit = bodyLimit({
    maxSize: NOTICE_LIMIT,
    onError: () => {
      throw badRequest('This payment notice is too large.');
    },
  });

  app.post('/orders/:id/pay', requireUser(deps), validate('json', PayRequest), async (c) => {
    const form = await startJazzCashPayment(deps, {
      orderId: c.req.param('id'),
      callerId: c.var.caller.id,
      origin: new URL(c.req.url).origin,
    });
    return c.json<PaymentForm>(form, 201);
  });

  /** The browser comes back from JazzCash's page with the signed result: applied, then on to the order. */
  app.post('/payments/jazzcash/return', noticeLimit, async (c) => {
    const result = await receiveJazzCashNotice(deps, await noticeFields(c), 'return');
    return c.redirect(afterReturn(result), 303);
  });

  /** JazzCash's server-to-server notice; answered as JazzCash expects once believed. */
  app.post('/payments/jazzcash/ipn', noticeLimit, async (c) => {
    const result = await receiveJazzCashNotice(deps, await noticeFields(c), 'ipn');
    if (result.orderId === null) {
      throw badRequest('This payment notice could not be verified; it was recorded and changed nothing.');
    }
    return c.json(IPN_RECEIVED);
  });

  app.get('/orders/:id/payments', requireUser(deps), (c) => {
    const caller = c.var.caller;
    const order = orderDetails(deps.readModels, { id: c.req.param('id'), confirmationWindowMs: null });
    if (!order || (order.userId !== caller.id && !caller.isAdmin)) throw notFound('Order not found');
    const { attempts, proofs } = paymentsOfOrder(deps.readModels, { orderId: order.id });
    const payable = order.paymentMethod !== 'COD' && !order.isPaid && order.status === 'Pending';
    return c.json<OrderPayments>({
      canPayOnline: payable && deps.payments.jazzCash !== null,
      canSendProof:
        payable && takesTransfers(deps.shopInfo) && !proofs.some((proof) => proof.state === 'submitted'),
      attempts: attempts.map((a) => ({
        txnRef: a.txn_ref,
        amount: fromMinor(a.amount),
        state: a.state as AttemptState,
        message: a.message,
        startedAt: a.started_at,
        settledAt: a.settled_at,
      })),
      proofs: proofs.map((row) => proofView(deps.readModels, row, caller.isAdmin)),
    });
  });

  app.post(
    '/orders/:id/payment-proof',
    requireUser(deps),
    bodyLimit({
      maxSize: MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD,
      onError: () => {
        throw tooLargeImage();
      },
    }),
    async (c) => {
      const form = await c.req.parseBody().catch(() => {
        throw badRequest('Send the proof as multipart/form-data with "transactionId" and "image".', 'image');
      });
      if (!takesTransfers(deps.shopInfo)) {
        throw conflict('This shop takes no bank or wallet transfers: there is no account to pay into.');
      }
      const transactionId = TransactionId.safeParse(form.transactionId);
      if (!transactionId.success) {
        throw badRequest(
          transactionId.error.issues[0]?.message ?? 'Enter the transaction ID.',
          'transactionId',
        );
      }
      const file = form.image;
      if (!(file instanceof File)) throw badRequest('Choose the screenshot of your transfer.', 'image');
      if (file.size > MAX_UPLOAD_BYTES) throw tooLargeImage();
      const proof = await submitPaymentProof(deps, {
        orderId: c.req.param('id'),
        callerId: c.var.caller.id,
        transactionId: transactionId.data,
        image: Buffer.from(await file.arrayBuffer()),
      });
      return c.json(proof, 201);
    },
  );

  app.get('/admin/payment-proofs', requireAdmin(deps), validate('query', ProofsQuery), (c) =>
    c.json(adminProofs(deps.readModels, c.req.valid('query').state)),
  );

  app.post('/admin/payment-proofs/:id/accept', requireAdmin(deps), async (c) =>
    c.json(
      await decidePaymentProof(deps, { proofId: c.req.param('id'), adminId: c.var.caller.id, accept: true }),
    ),
  );

  app.post(
    '/admin/payment-proofs/:id/reject',
    requireAdmin(deps),
    validate('json', RejectProofRequest),
    async (c) =>
      c.json(
        await decidePaymentProof(deps, {
          proofId: c.req.param('id'),
          adminId: c.var.caller.id,
          accept: false,
          reason: c.req.valid('json').reason,
        }),
      ),
  );

  /** Notices recorded that changed nothing: forged, unknown, for another amount, or too late. */
  app.get('/admin/payment-notices', requireAdmin(deps), (c) =>
    c.json(
      rejectedPaymentNotices(deps.readModels, { limit: 200 }).map((n) => ({
        id: n.id,
        orderId: n.order_id,
        txnRef: n.txn_ref,
        via: n.via,
        reason: n.reason,
        code: n.code,
        amount: n.amount === null ? null : fromMinor(n.amount),
        at: n.at,
      })),
    ),
  );

  return app;
}

/** A notice's fields, posted as a form (the browser, JazzCash's IPN) or as JSON; only text values. */
async function noticeFields(c: Context): Promise<Record<string, string>> {
  const unreadable = () => badRequest('Send the payment notice as a form or as JSON.');
  const text = await c.req.text().catch(() => {
    throw unreadable();
  });
  let raw: unknown;
  if ((c.req.header('content-type') ?? '').includes('application/json')) {
    try {
      raw = JSON.parse(text);
    } catch {
      throw unreadable();
    }
  } else {
    raw = Object.fromEntries(new URLSearchParams(text).entries());
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw unreadable();
  return Object.fromEntries(
    Object.entries(raw).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** Where the browser goes back to: the order, saying how the payment went; the home page when unknown. */
function afterReturn(result: NoticeResult): string {
  if (result.orderId === null) return '/?payment=unverified';
  return `/order/${encodeURIComponent(result.orderId)}?payment=${result.outcome}`;
}

/** A transfer can be proven only when the shop publishes an account to pay into. */
function takesTransfers(shop: ShopInfo): boolean {
  const accounts = manualPaymentAccounts(shop);
  return accounts !== null && Object.values(accounts).some((value) => value !== null);
}
