import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { type AuthDeps, SESSION_COOKIE, tokenTtlSeconds } from '../../platform/http/auth';
import { servedOverHttps } from '../../platform/http/same-origin';

/**
 * Hands the browser its session as an httpOnly, SameSite=Lax cookie (Secure over https) that lasts
 * as long as the token: no script on the page can read it. The answer's body still carries the token
 * for API clients, which send it as a bearer token.
 */
export function setSessionCookie(
  c: Context,
  deps: Pick<AuthDeps, 'tokenTtlSeconds' | 'publicUrl'>,
  token: string,
) {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: servedOverHttps(c, deps.publicUrl),
    path: '/',
    maxAge: tokenTtlSeconds(deps),
  });
}

/** Tells the browser to forget its session cookie. */
export function clearSessionCookie(c: Context, deps: Pick<AuthDeps, 'publicUrl'>) {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: servedOverHttps(c, deps.publicUrl) });
}
