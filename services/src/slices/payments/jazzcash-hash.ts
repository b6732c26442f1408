import { createHmac, timingSafeEqual } from 'node:crypto';

/** The fields JazzCash signs: every `pp_` and `ppmpf_` field but the hash itself. */
const SIGNED_FIELD = /^(pp_|ppmpf_)/;
const HASH_FIELD = 'pp_SecureHash';

/**
 * JazzCash's `pp_SecureHash` (page redirection v1.1, status inquiry, IPN): every `pp_` and `ppmpf_`
 * field except `pp_SecureHash`, sorted by name, the empty ones dropped, the values joined with `&`
 * after the integrity salt (`salt&v1&v2…`), HMAC-SHA256 keyed with the salt, upper-case hex. Fields
 * with any other name are not signed. Public snippets often hash with plain SHA-256 or leave the salt
 * out of the message: both give another hex that JazzCash refuses.
 */
export function jazzCashHash(fields: Readonly<Record<string, string>>, salt: string): string {
  // The default sort compares UTF-16 code units: the ordinal order of JazzCash's samples, not the locale's.
  const values = Object.keys(fields)
    .filter((name) => SIGNED_FIELD.test(name) && name !== HASH_FIELD)
    .sort()
    .flatMap((name) => {
      const value = fields[name];
      return value ? [value] : [];
    });
  return createHmac('sha256', salt)
    .update([salt, ...values].join('&'))
    .digest('hex')
    .toUpperCase();
}

/** The fields with their `pp_SecureHash` set. */
export function signJazzCashFields(
  fields: Readonly<Record<string, string>>,
  salt: string,
): Record<string, string> {
  return { ...fields, [HASH_FIELD]: jazzCashHash(fields, salt) };
}

/**
 * Whether `pp_SecureHash` is the hash of the other fields under this salt: compared without regard to
 * case (JazzCash sends upper case, some of its samples lower) and in constant time.
 */
export function hasValidJazzCashHash(fields: Readonly<Record<string, string>>, salt: string): boolean {
  const received = String(fields[HASH_FIELD]);
  if (!/^[0-9a-fA-F]{64}$/.test(received)) return false;
  const expected = Buffer.from(jazzCashHash(fields, salt), 'hex');
  return timingSafeEqual(expected, Buffer.from(received, 'hex'));
}
