import { randomBytes } from 'node:crypto';
import { NO_STREAM, type PaymentChannel, type PaymentForm, streams } from '@shop/contracts';
import { findPaymentAttempt, orderDetails, type ReadModelsDb } from '@shop/projections';
import { type CommandDeps, handleCommand } from '../../platform/commands/handle-command';
import type { JazzCashSettings, PaymentSettings } from '../../platform/config/payment-settings';
import { conflict, notFound } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { type GatewayOutcome, paymentDecider } from './decide';
import { type JazzCashNotice, jazzCashForm, readJazzCashNotice, transactionReference } from './jazzcash';

export interface PaymentDeps extends CommandDeps {
  readModels: ReadModelsDb;
  clock: () => Date;
  newId: () => string;
  logger: Logger;
  payments: PaymentSettings;
  /** PUBLIC_URL, where JazzCash sends the shopper back; unset, the request's own origin. */
  publicUrl?: string;
}

/** How long the shopper has on JazzCash's page before the transaction expires there. */
export const PAYMENT_EXPIRY_MS = 60 * 60_000;

export const RETURN_PATH = '/api/payments/jazzcash/return';

export function jazzCashOf(deps: Pick<PaymentDeps, 'payments'>): JazzCashSettings {
  const jazzCash = deps.payments.jazzCash;
  if (!jazzCash) throw notFound('Paying online is not available in this shop.');
  return jazzCash;
}

/**
 * The owner pays an order online: the attempt is recorded on the order (with its reference and the
 * amount the order costs, never one from the browser) before the signed form is handed out.
 */
export async function startJazzCashPayment(
  deps: PaymentDeps,
  request: { orderId: string; callerId: string; origin: string },
): Promise<PaymentForm> {
  const settings = jazzCashOf(deps);
  const { orderId, callerId } = request;
  const order = orderDetails(deps.readModels, { id: orderId, confirmationWindowMs: null });
  if (!order || order.userId !== callerId) throw notFound('Order not found');
  const now = deps.clock();
  const at = now.toISOString();
  const expiresAt = new Date(now.getTime() + PAYMENT_EXPIRY_MS);
  const txnRef = transactionReference(now, randomBytes(8).readBigUInt64BE().toString(36));
  const { events } = await handleCommand(
    deps,
    paymentDecider,
    streams.order(orderId),
    { type: 'StartPayment', data: { orderId, by: callerId, txnRef, expiresAt: expiresAt.toISOString(), at } },
    { actor: callerId, correlationId: orderId },
  );
  const started = events[0];
  if (started?.type !== 'PaymentStarted')
    throw conflict('This payment could not be started. Please try again.');
  deps.logger.info('payment started', { orderId, txnRef });
  return jazzCashForm(settings, {
    txnRef,
    amount: started.data.amount,
    reference: order.reference,
    at: now,
    expiresAt,
    returnUrl: `${(deps.publicUrl ?? request.origin).replace(/\/+$/, '')}${RETURN_PATH}`,
  });
}

/** What became of a notice: the order it was about (null: none we could believe) and what it said. */
export interface NoticeResult {
  orderId: string | null;
  outcome: GatewayOutcome | 'rejected';
}

/**
 * A return or an IPN. Believed only with a right hash, for a transaction the shop started, for its
 * amount; then applied to the order once (see settlePayment). Anything else is recorded, on the
 * order when the notice is authentic and names one, else on a stream of its own, and changes nothing.
 * The fields are never logged whole.
 */
export async function receiveJazzCashNotice(
  deps: PaymentDeps,
  fields: Readonly<Record<string, string>>,
  via: PaymentChannel,
): Promise<NoticeResult> {
  const settings = jazzCashOf(deps);
  const read = readJazzCashNotice(fields, settings.salt);
  if (!read.valid) {
    await recordUnattachedNotice(deps, { txnRef: read.txnRef, via, reason: read.reason, fields });
    return { orderId: null, outcome: 'rejected' };
  }
  return settleNotice(deps, read.notice, via);
}

/** Applies a believed notice (a return, an IPN or an inquiry's answer) to the order it names. */
export async function settleNotice(
  deps: PaymentDeps,
  notice: JazzCashNotice,
  via: PaymentChannel,
): Promise<NoticeResult> {
  const attempt = await attemptOf(deps, notice.txnRef);
  if (!attempt) {
    await recordUnattachedNotice(deps, { txnRef: notice.txnRef, via, reason: 'unknown-reference', notice });
    return { orderId: null, outcome: 'rejected' };
  }
  const orderId = attempt.order_id;
  const noticeId = deps.newId();
  const at = deps.clock().toISOString();
  const { events } = await handleCommand(
    deps,
    paymentDecider,
    streams.order(orderId),
    { type: 'SettlePayment', data: { ...notice, orderId, noticeId, via, at } },
    { actor: 'system', correlationId: orderId },
  );
  const rejected = events.some((e) => e.type === 'PaymentNoticeRejected');
  const outcome = rejected ? 'rejected' : notice.outcome;
  deps.logger.info('payment notice', { orderId, txnRef: notice.txnRef, via, outcome, code: notice.code });
  return { orderId, outcome };
}

/** The attempt a reference names; a notice may overtake the read model, so it is asked again once caught up. */
async function attemptOf(deps: PaymentDeps, txnRef: string) {
  const found = findPaymentAttempt(deps.readModels, { txnRef });
  if (found) return found;
  await deps.projections.waitForPosition(await deps.store.headPosition(), 2_000);
  return findPaymentAttempt(deps.readModels, { txnRef });
}

async function recordUnattachedNotice(
  deps: PaymentDeps,
  notice: {
    txnRef: string | null;
    via: PaymentChannel;
    reason: 'bad-hash' | 'malformed' | 'unknown-reference';
    fields?: Readonly<Record<string, string>>;
    notice?: JazzCashNotice;
  },
): Promise<void> {
  const noticeId = deps.newId();
  const claimedCode = notice.notice?.code ?? notice.fields?.pp_ResponseCode;
  const data = {
    noticeId,
    orderId: null,
    txnRef: notice.txnRef?.slice(0, 40) ?? null,
    via: notice.via,
    reason: notice.reason,
    code: typeof claimedCode === 'string' ? claimedCode.slice(0, 10) : null,
    amount: notice.notice?.amount ?? null,
    at: deps.clock().toISOString(),
  };
  const appended = await deps.store.append(
    streams.paymentNotice(noticeId),
    [{ type: 'PaymentNoticeRejected', data, metadata: { actor: 'system' } }],
    { expectedRevision: NO_STREAM },
  );
  deps.logger.warn('payment notice recorded and not believed', {
    txnRef: data.txnRef,
    via: notice.via,
    reason: notice.reason,
  });
  await deps.projections.waitForPosition(appended.position, 2_000);
}
