import { pendingPaymentAttempts } from '@shop/projections';
import { z } from 'zod';
import type { JazzCashSettings } from '../../platform/config/payment-settings';
import type { GatewayOutcome } from './decide';
import { hasValidJazzCashHash, signJazzCashFields } from './jazzcash-hash';
import { type PaymentDeps, settleNotice } from './jazzcash-payments';

/** The inquiry's answer, as far as the shop reads it. Unknown: JazzCash could not say (ask again). */
export interface InquiryAnswer {
  outcome: GatewayOutcome | 'unknown';
  code: string;
  message: string;
  amount: number | null;
  authCode: string;
  retrievalRef: string;
}

const InquiryResponse = z
  .object({
    pp_ResponseCode: z.string(),
    pp_ResponseMessage: z.string().default(''),
    pp_PaymentResponseCode: z.string().default(''),
    pp_PaymentResponseMessage: z.string().default(''),
    pp_Amount: z
      .string()
      .regex(/^\d{1,12}$/)
      .optional(),
    pp_AuthCode: z.string().default(''),
    pp_RetrievalReferenceNo: z.string().default(''),
    pp_SecureHash: z.string(),
  })
  .catchall(z.unknown());

/** Still on its way: over the counter later (124), or pending (157). */
const STILL_PENDING = new Set(['', '124', '157']);
const INQUIRY_TIMEOUT_MS = 10_000;

/**
 * Asks JazzCash's status inquiry about a transaction, signed like every request, and believes the
 * answer only with a right hash. `pp_ResponseCode` 000 means the inquiry itself worked; then
 * `pp_PaymentResponseCode` 121 is paid, 124 or 157 still pending, anything else failed. A network
 * error, a timeout, an answer that does not parse or is not signed is `unknown`.
 */
export async function inquireJazzCash(settings: JazzCashSettings, txnRef: string): Promise<InquiryAnswer> {
  const unknown = (message: string): InquiryAnswer => ({
    outcome: 'unknown',
    code: '',
    message,
    amount: null,
    authCode: '',
    retrievalRef: '',
  });
  const body = signJazzCashFields(
    { pp_TxnRefNo: txnRef, pp_MerchantID: settings.merchantId, pp_Password: settings.password },
    settings.salt,
  );
  let json: unknown;
  try {
    const response = await fetch(settings.inquiryUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(INQUIRY_TIMEOUT_MS),
    });
    if (!response.ok) return unknown(`the inquiry answered HTTP ${response.status}`);
    json = await response.json();
  } catch (error) {
    return unknown(`the inquiry could not be reached: ${(error as Error).message}`);
  }
  const parsed = InquiryResponse.safeParse(json);
  if (!parsed.success) return unknown('the inquiry answered something else');
  const signed = Object.fromEntries(
    Object.entries(parsed.data).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  if (!hasValidJazzCashHash(signed, settings.salt))
    return unknown('the inquiry answer is not signed by JazzCash');
  const a = parsed.data;
  const base = {
    amount: a.pp_Amount === undefined ? null : Number(a.pp_Amount),
    authCode: a.pp_AuthCode,
    retrievalRef: a.pp_RetrievalReferenceNo,
  };
  if (a.pp_ResponseCode !== '000') {
    return { ...base, outcome: 'unknown', code: a.pp_ResponseCode, message: a.pp_ResponseMessage };
  }
  const code = a.pp_PaymentResponseCode;
  const outcome = code === '121' ? 'paid' : STILL_PENDING.has(code) ? 'pending' : 'failed';
  return { ...base, outcome, code, message: a.pp_PaymentResponseMessage };
}

/**
 * One round of the status inquiry: every JazzCash payment still pending `inquiryAfterMs` after it
 * began is asked about; what JazzCash says is applied as a notice would be (once: several
 * instances asking together append at the order's revision, and the same news twice changes
 * nothing). A payment past its expiry that JazzCash still does not call paid has failed.
 */
export async function runPaymentInquiry(deps: PaymentDeps): Promise<{ asked: number; settled: number }> {
  const settings = deps.payments.jazzCash;
  const done = { asked: 0, settled: 0 };
  if (!settings) return done;
  const now = deps.clock();
  const startedBefore = new Date(now.getTime() - deps.payments.inquiryAfterMs).toISOString();
  for (const attempt of pendingPaymentAttempts(deps.readModels, { startedBefore, limit: 100 })) {
    const txnRef = attempt.txn_ref;
    try {
      const answer = await inquireJazzCash(settings, txnRef);
      done.asked += 1;
      const expired = Date.parse(attempt.expires_at) <= now.getTime();
      let outcome: GatewayOutcome;
      if (answer.outcome === 'paid' || answer.outcome === 'failed') outcome = answer.outcome;
      else if (expired) outcome = 'failed';
      else continue;
      const lapsed = outcome === 'failed' && answer.outcome !== 'failed';
      const result = await settleNotice(
        deps,
        {
          txnRef,
          amount: answer.amount,
          outcome,
          code: lapsed ? answer.code || 'expired' : answer.code,
          message: lapsed ? 'The payment was not completed before it expired.' : answer.message,
          authCode: answer.authCode,
          retrievalRef: answer.retrievalRef,
        },
        'inquiry',
      );
      if (result.outcome === outcome) done.settled += 1;
    } catch (error) {
      deps.logger.error('could not settle a pending payment', { orderId: attempt.order_id, txnRef, error });
    }
  }
  return done;
}

/** Runs the inquiry every PAYMENT_INQUIRY_INTERVAL (unref'd); the stop waits for a round under way. */
export function startPaymentInquiry(deps: PaymentDeps): () => Promise<void> {
  if (!deps.payments.jazzCash) return async () => {};
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= runPaymentInquiry(deps)
      .then(() => undefined)
      .catch((error: unknown) => deps.logger.error('payment inquiry failed', { error }))
      .finally(() => {
        running = undefined;
      });
  }, deps.payments.inquiryIntervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
