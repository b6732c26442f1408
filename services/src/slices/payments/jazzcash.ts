import type { PaymentForm } from '@shop/contracts';
import { z } from 'zod';
import type { JazzCashSettings } from '../../platform/config/payment-settings';
import type { GatewayOutcome } from './decide';
import { hasValidJazzCashHash, signJazzCashFields } from './jazzcash-hash';

/** Pakistan Standard Time is UTC+5 all year: JazzCash's times are written in it. */
const PKT_OFFSET_MS = 5 * 3_600_000;

/** `yyyyMMddHHmmss` in Pakistan time, as JazzCash writes its dates. */
export function jazzCashTime(at: Date): string {
  return new Date(at.getTime() + PKT_OFFSET_MS).toISOString().replace(/\D/g, '').slice(0, 14);
}

/**
 * A transaction reference JazzCash accepts (at most 20 letters and digits, unique per merchant):
 * `T`, the Pakistan time to the second, and 5 letters or digits drawn from `randomPart`.
 */
export function transactionReference(at: Date, randomPart: string): string {
  const suffix = randomPart
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .slice(-5)
    .padStart(5, '0');
  return `T${jazzCashTime(at)}${suffix}`;
}

export interface FormRequest {
  txnRef: string;
  /** Minor units (paisa). */
  amount: number;
  /** The order's short reference: JazzCash shows it as the bill reference. */
  reference: string;
  at: Date;
  expiresAt: Date;
  returnUrl: string;
}

/**
 * The signed page-redirection (v1.1) form for one attempt. The transaction type is left empty so the
 * shopper chooses wallet or card on JazzCash's page; empty fields are posted but not signed.
 */
export function jazzCashForm(settings: JazzCashSettings, request: FormRequest): PaymentForm {
  const fields = {
    pp_Version: '1.1',
    pp_TxnType: '',
    pp_Language: 'EN',
    pp_MerchantID: settings.merchantId,
    pp_SubMerchantID: '',
    pp_Password: settings.password,
    pp_BankID: '',
    pp_ProductID: '',
    pp_TxnRefNo: request.txnRef,
    pp_Amount: String(request.amount),
    pp_TxnCurrency: 'PKR',
    pp_TxnDateTime: jazzCashTime(request.at),
    pp_TxnExpiryDateTime: jazzCashTime(request.expiresAt),
    pp_BillReference: request.reference.replace(/[^A-Za-z0-9]/g, '').slice(0, 20),
    pp_Description: `Order ${request.reference}`,
    pp_ReturnURL: request.returnUrl,
    ppmpf_1: '',
    ppmpf_2: '',
    ppmpf_3: '',
    ppmpf_4: '',
    ppmpf_5: '',
  };
  return { actionUrl: settings.formUrl, fields: signJazzCashFields(fields, settings.salt) };
}

/** JazzCash's codes that mean "not settled yet": paid over the counter later (124), or pending (157). */
const PENDING_CODES = new Set(['124', '157']);

/** What a return or an IPN says, once its hash is right. */
export interface JazzCashNotice {
  txnRef: string;
  /** Minor units; null when the notice carried no amount. */
  amount: number | null;
  outcome: GatewayOutcome;
  code: string;
  message: string;
  authCode: string;
  retrievalRef: string;
}

const NoticeFields = z.object({
  pp_TxnRefNo: z.string().regex(/^[A-Za-z0-9]{1,20}$/),
  pp_ResponseCode: z.string().regex(/^[A-Za-z0-9]{1,10}$/),
  pp_ResponseMessage: z.string().max(500).default(''),
  pp_Amount: z
    .string()
    .regex(/^\d{1,12}$/)
    .optional(),
  pp_AuthCode: z.string().max(50).default(''),
  // JazzCash spells it this way on the return; the inquiry spells it right.
  pp_RetreivalReferenceNo: z.string().max(50).default(''),
});

export type ReadNotice =
  | { valid: true; notice: JazzCashNotice }
  | { valid: false; reason: 'bad-hash' | 'malformed'; txnRef: string | null };

/**
 * Reads a return or an IPN: believed only when its `pp_SecureHash` is the hash of every other
 * `pp_`/`ppmpf_` field under our salt. `000` is paid; 124 and 157 are still pending; anything else failed.
 */
export function readJazzCashNotice(fields: Readonly<Record<string, string>>, salt: string): ReadNotice {
  const claimedRef = typeof fields.pp_TxnRefNo === 'string' ? fields.pp_TxnRefNo.slice(0, 40) : null;
  if (!hasValidJazzCashHash(fields, salt)) return { valid: false, reason: 'bad-hash', txnRef: claimedRef };
  const parsed = NoticeFields.safeParse(fields);
  if (!parsed.success) return { valid: false, reason: 'malformed', txnRef: claimedRef };
  const f = parsed.data;
  const code = f.pp_ResponseCode;
  return {
    valid: true,
    notice: {
      txnRef: f.pp_TxnRefNo,
      amount: f.pp_Amount === undefined ? null : Number(f.pp_Amount),
      outcome: code === '000' ? 'paid' : PENDING_CODES.has(code) ? 'pending' : 'failed',
      code,
      message: f.pp_ResponseMessage,
      authCode: f.pp_AuthCode,
      retrievalRef: f.pp_RetreivalReferenceNo,
    },
  };
}

/** The IPN's answer JazzCash expects (HTTP 200). */
export const IPN_RECEIVED = {
  pp_ResponseCode: '000',
  pp_ResponseMessage: 'IPN received successfully',
  pp_SecureHash: '',
} as const;
