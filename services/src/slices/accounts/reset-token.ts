import { createHmac, timingSafeEqual } from 'node:crypto';

/** The reset link's token: the request's id and an HMAC of it under the shop's signing key. */
export function passwordResetToken(signingKey: Uint8Array, requestId: string): string {
  return `${requestId}.${mac(signingKey, requestId)}`;
}

/** The request id a token names, when its HMAC is right; undefined for a forged or malformed token. */
export function requestIdOfResetToken(signingKey: Uint8Array, token: string): string | undefined {
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const requestId = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(mac(signingKey, requestId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? requestId : undefined;
}

function mac(signingKey: Uint8Array, requestId: string): string {
  return createHmac('sha256', signingKey).update(`password-reset:${requestId}`).digest('base64url');
}
