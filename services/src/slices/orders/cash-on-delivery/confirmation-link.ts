import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

/**
 * The link in a cash-on-delivery confirmation message (docs/rules/cash-on-delivery.md#confirmation-link):
 * `{PUBLIC_URL}/confirm-order?token=…`.
 * One function makes it for every channel (e-mail, WhatsApp), so the same token is answered by
 * `POST /api/orders/confirm`. The token is a JWT signed with the shop's signing key, naming the order
 * and expiring when its confirmation window ends (or after a fixed long life when the window is off).
 */
export interface ConfirmationLinkDeps {
  signingKey: Uint8Array;
  /** What links start with (PUBLIC_URL or this machine), without a trailing slash. */
  publicUrl: string;
  clock?: () => Date;
}

/** With `COD_CONFIRMATION_WINDOW=off` a link still expires: after this long. */
export const CONFIRMATION_LINK_LIFE_WITHOUT_WINDOW_SECONDS = 30 * 24 * 3600;

const ISSUER = 'shop';
/** Set apart from sign-in tokens: a session token does not confirm an order, nor this one sign anyone in. */
const AUDIENCE = 'order-confirmation';
const ALGORITHM = 'HS256';

/** The signed token naming the order, expiring at `expiresAt` (or the fixed life from now when null). */
export async function confirmationToken(
  deps: Omit<ConfirmationLinkDeps, 'publicUrl'>,
  orderId: string,
  expiresAt: string | null,
): Promise<string> {
  const now = Math.floor((deps.clock?.() ?? new Date()).getTime() / 1000);
  const expiry =
    expiresAt === null
      ? now + CONFIRMATION_LINK_LIFE_WITHOUT_WINDOW_SECONDS
      : Math.floor(new Date(expiresAt).getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(orderId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(expiry)
    .sign(deps.signingKey);
}

/** The confirmation page's address with the order's token. */
export async function confirmationLink(
  deps: ConfirmationLinkDeps,
  orderId: string,
  expiresAt: string | null,
): Promise<string> {
  const token = await confirmationToken(deps, orderId, expiresAt);
  return `${deps.publicUrl.replace(/\/+$/, '')}/confirm-order?token=${encodeURIComponent(token)}`;
}

export type VerifiedConfirmation = { orderId: string } | { invalid: 'expired' | 'forged' };

/** The order a token names, or why it names none: expired, or forged / malformed / for something else. */
export async function verifyConfirmationToken(
  deps: Omit<ConfirmationLinkDeps, 'publicUrl'>,
  token: string,
): Promise<VerifiedConfirmation> {
  try {
    const { payload } = await jwtVerify(token, deps.signingKey, {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: deps.clock?.() ?? new Date(),
      requiredClaims: ['exp', 'sub'],
    });
    return typeof payload.sub === 'string' && payload.sub !== ''
      ? { orderId: payload.sub }
      : { invalid: 'forged' };
  } catch (error) {
    return { invalid: error instanceof joseErrors.JWTExpired ? 'expired' : 'forged' };
  }
}
