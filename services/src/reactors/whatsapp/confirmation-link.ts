import { SignJWT } from 'jose';

/** A link's life when the confirmation window is off. */
const OPEN_LINK_LIFE_MS = 30 * 24 * 60 * 60_000;

/**
 * The link that confirms a COD order without signing in: `{PUBLIC_URL}/confirm-order?token=…`, the
 * token a JWT naming the order, signed with the shop's key, expiring with the confirmation window.
 */
export async function confirmationLink(
  signingKey: Uint8Array,
  publicUrl: string,
  orderId: string,
  expiresAt: string | null,
  clock: () => Date,
): Promise<string> {
  const expires = expiresAt ? Date.parse(expiresAt) : clock().getTime() + OPEN_LINK_LIFE_MS;
  const token = await new SignJWT({ purpose: 'cod-confirmation' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(orderId)
    .setIssuedAt(Math.floor(clock().getTime() / 1000))
    .setExpirationTime(Math.floor(expires / 1000))
    .sign(signingKey);
  return `${publicUrl}/confirm-order?token=${encodeURIComponent(token)}`;
}
