import { randomUUID, webcrypto } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { forbidden, unauthenticated } from '../errors';
import { refuseCrossSiteChange } from './same-origin';

/** Who is calling, as the read model knows them now (not as the token remembers them). */
export interface Caller {
  id: string;
  name: string;
  email: string;
  isAdmin: boolean;
}

/** The caller with the session of the token they called with. */
export interface SessionCaller extends Caller {
  sessionId: string;
  /** When the token expires (ISO time): a signed-out session is remembered until then. */
  sessionExpiresAt: string;
}

/** What the read model says about a user and one of their sessions (decision 016). */
export interface CallerRecord extends Caller {
  /** A token issued at a lower version is refused, unless it belongs to the kept session. */
  sessionVersion: number;
  keptSessionId: string | null;
  /** The session was ended by signing out. */
  sessionEnded: boolean;
}

export type CallerLookup = (userId: string, sessionId: string) => CallerRecord | undefined;

export interface AuthDeps {
  signingKey: Uint8Array;
  lookupCaller: CallerLookup;
  /** Token lifetime in seconds. */
  tokenTtlSeconds?: number;
  /** PUBLIC_URL: its origin is the shop's own, for changes made with the session cookie. */
  publicUrl?: string;
  clock?: () => Date;
}

export type AuthEnv = { Variables: { caller: SessionCaller } };

export const SESSION_ENDED = 'Your session has ended. Please sign in again.';
const NOT_VALID = 'Your sign-in is not valid. Please sign in again.';

const ISSUER = 'shop';
const ALGORITHM = 'HS256';

/**
 * The secret as a WebCrypto key, imported once per secret: given raw bytes, jose imports them on every
 * sign and verify (about 3% of the server's time per order placed).
 */
const importedKeys = new WeakMap<Uint8Array, Promise<webcrypto.CryptoKey>>();
function keyOf(secret: Uint8Array): Promise<webcrypto.CryptoKey> {
  let key = importedKeys.get(secret);
  if (!key) {
    key = webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    importedKeys.set(secret, key);
  }
  return key;
}

/** A token whose signature, issuer and claims were checked: whose session it is, and until when (epoch ms). */
interface VerifiedToken {
  subject: string;
  sessionId: string;
  sessionVersion: number;
  expiresAt: number;
}

/**
 * Tokens already verified, per secret, by their whole text (the signature is part of it, so a changed
 * token is a different key). Checking an HMAC through WebCrypto was ~7% of the server's time per
 * order placed, for the same few tokens again and again. Expiry is still checked on every call, and
 * the caller is still looked up every time: the role and the account come from the read model.
 */
const verifiedTokens = new WeakMap<Uint8Array, Map<string, VerifiedToken>>();
/** At most this many per secret; the oldest verified goes first. */
const VERIFIED_TOKENS_KEPT = 10_000;

async function verifiedToken(deps: AuthDeps, token: string): Promise<VerifiedToken> {
  let verified = verifiedTokens.get(deps.signingKey);
  if (!verified) {
    verified = new Map();
    verifiedTokens.set(deps.signingKey, verified);
  }
  const now = deps.clock?.() ?? new Date();
  const known = verified.get(token);
  if (known) {
    if (now.getTime() < known.expiresAt) return known;
    verified.delete(token);
  }
  const { payload } = await jwtVerify(token, await keyOf(deps.signingKey), {
    algorithms: [ALGORITHM],
    issuer: ISSUER,
    currentDate: now,
    // A token without an expiry, a subject or a session could never be ended.
    requiredClaims: ['exp', 'sub', 'sid', 'sv'],
  });
  const { sub, sid, sv, exp } = payload as { sub: unknown; sid: unknown; sv: unknown; exp: number };
  if (typeof sub !== 'string' || typeof sid !== 'string' || sid === '' || !isVersion(sv)) {
    throw new joseErrors.JWTClaimValidationFailed('malformed session claims', payload);
  }
  const entry = { subject: sub, sessionId: sid, sessionVersion: sv, expiresAt: exp * 1000 };
  if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
  verified.set(token, entry);
  return entry;
}

const isVersion = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** How long a session lasts: its token's `exp`, and its cookie's Max-Age. */
export const tokenTtlSeconds = (deps: Pick<AuthDeps, 'tokenTtlSeconds'>): number =>
  deps.tokenTtlSeconds ?? 7 * 24 * 3600;

/**
 * Signs a token for a new session of the user: its id (`sid`) and the user's session version (`sv`)
 * now. The role is informational: it is re-checked on every admin call.
 */
export async function issueToken(
  deps: AuthDeps,
  user: { id: string; isAdmin: boolean; sessionVersion: number },
): Promise<string> {
  const now = Math.floor((deps.clock?.() ?? new Date()).getTime() / 1000);
  return new SignJWT({
    role: user.isAdmin ? 'admin' : 'customer',
    sid: randomUUID(),
    sv: user.sessionVersion,
  })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(user.id)
    .setIssuer(ISSUER)
    .setIssuedAt(now)
    .setExpirationTime(now + tokenTtlSeconds(deps))
    .sign(await keyOf(deps.signingKey));
}

/** The cookie that carries the browser's session: httpOnly, so no script on the page can read it. */
export const SESSION_COOKIE = 'shop_session';

/** A JWT as issued: three base64url parts, no padding (a trailing `=` is not the same token). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/**
 * The caller behind the request's session, or undefined when there is none: a bearer token (API
 * clients) or else the session cookie (the web app). Throws 401 on a bad token, and on one whose
 * session has ended: signed out, or issued before a change that ended the others. A change made with
 * the cookie must come from the shop's own pages (403 otherwise): a browser sends the cookie on
 * another site's requests too.
 */
export async function authenticate(deps: AuthDeps, c: Context): Promise<SessionCaller | undefined> {
  const header = c.req.header('authorization');
  if (header) {
    const match = /^Bearer\s+(\S+)$/.exec(header);
    if (!match || !TOKEN_SHAPE.test(match[1]!)) throw unauthenticated(NOT_VALID);
    return callerOf(deps, match[1]!);
  }
  const cookie = getCookie(c, SESSION_COOKIE);
  if (!cookie) return undefined;
  refuseCrossSiteChange(c, deps.publicUrl);
  if (!TOKEN_SHAPE.test(cookie)) throw unauthenticated(NOT_VALID);
  return callerOf(deps, cookie);
}

async function callerOf(deps: AuthDeps, text: string): Promise<SessionCaller> {
  let token: VerifiedToken;
  try {
    token = await verifiedToken(deps, text);
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired)
      throw unauthenticated('Your session has expired. Please sign in again.');
    throw unauthenticated(NOT_VALID);
  }
  const record = deps.lookupCaller(token.subject, token.sessionId);
  if (!record) throw unauthenticated('Your account was not found. Please sign in again.');
  const superseded = token.sessionVersion < record.sessionVersion && token.sessionId !== record.keptSessionId;
  if (record.sessionEnded || superseded) throw unauthenticated(SESSION_ENDED);
  const { id, name, email, isAdmin } = record;
  return {
    id,
    name,
    email,
    isAdmin,
    sessionId: token.sessionId,
    sessionExpiresAt: new Date(token.expiresAt).toISOString(),
  };
}

/** Requires a signed-in caller; sets `c.var.caller`. */
export function requireUser(deps: AuthDeps): MiddlewareHandler<AuthEnv> {
  return createMiddleware<AuthEnv>(async (c, next) => {
    const caller = await authenticate(deps, c);
    if (!caller) throw unauthenticated();
    c.set('caller', caller);
    await next();
  });
}

/** Requires an admin, as the read model says now: a demoted admin loses access at once. */
export function requireAdmin(deps: AuthDeps): MiddlewareHandler<AuthEnv> {
  return createMiddleware<AuthEnv>(async (c, next) => {
    const caller = await authenticate(deps, c);
    if (!caller) throw unauthenticated();
    if (!caller.isAdmin) throw forbidden('Only an administrator can do that.');
    c.set('caller', caller);
    await next();
  });
}
