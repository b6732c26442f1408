import { createHmac, timingSafeEqual } from 'node:crypto';

/** What an e-mailed address link does: verify the account's address, or claim it for a new account. */
export type EmailLinkPurpose = 'verify' | 'claim';

const PREFIX: Readonly<Record<EmailLinkPurpose, string>> = { verify: 'v', claim: 'c' };

/**
 * The token of a link mailed to prove an address: its purpose, what it names (a claim's request id,
 * or `{userId}_{subject}` for a verification) and an HMAC of both under the shop's signing key
 * (never stored; a reset token's HMAC covers another purpose).
 */
export function emailLinkToken(signingKey: Uint8Array, purpose: EmailLinkPurpose, subject: string): string {
  return `${PREFIX[purpose]}.${subject}.${mac(signingKey, purpose, subject)}`;
}

/** The purpose and request a token names, when its HMAC is right; undefined for a forged or malformed one. */
export function readEmailLinkToken(
  signingKey: Uint8Array,
  token: string,
): { purpose: EmailLinkPurpose; subject: string } | undefined {
  const [prefix, subject, signature, ...rest] = token.split('.');
  const purpose = (Object.keys(PREFIX) as EmailLinkPurpose[]).find((p) => PREFIX[p] === prefix);
  if (!purpose || !subject || !signature || rest.length > 0) return undefined;
  const given = Buffer.from(signature);
  const expected = Buffer.from(mac(signingKey, purpose, subject));
  return given.length === expected.length && timingSafeEqual(given, expected)
    ? { purpose, subject }
    : undefined;
}

function mac(signingKey: Uint8Array, purpose: EmailLinkPurpose, subject: string): string {
  return createHmac('sha256', signingKey).update(`email-${purpose}:${subject}`).digest('base64url');
}
