import { type ParsedLocation, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import type { AuthState } from './session';

/** What a guard needs from `beforeLoad`'s argument; pass that argument straight through. */
export interface GuardArgs {
  context: { auth: AuthState };
  location: Pick<ParsedLocation, 'href'>;
}

/**
 * An account page (`/profile`, `/track`, `/order/…`, `/review`, `/affiliate/request`) sends a visitor
 * with no user to /login, since whoever opens one already has an account (docs/rules/accounts.md#guards), and
 * remembers where they came from; registration is one tap away there. Use as
 * `beforeLoad: requireSignedIn`.
 */
export function requireSignedIn({ context, location }: GuardArgs): void {
  if (context.auth.isAuthenticated) return;
  throw redirect({ to: '/login', search: { redirect: location.href }, replace: true });
}

/**
 * Checkout sends a visitor with no user to /register (a first purchase is the common case there),
 * remembering the checkout; sign-in is one tap away there. Use as `beforeLoad: requireAccountToCheckout`.
 */
export function requireAccountToCheckout({ context, location }: GuardArgs): void {
  if (context.auth.isAuthenticated) return;
  throw redirect({ to: '/register', search: { redirect: location.href }, replace: true });
}

/**
 * The one guard of the shopper's signed-in pages (the `_signed-in` layout route): checkout sends a
 * visitor with no user to /register, every other account page to /login.
 */
export function requireShopper(args: GuardArgs): void {
  const pathname = args.location.href.split(/[?#]/, 1)[0] ?? '';
  if (pathname === '/checkout' || pathname.startsWith('/checkout/')) requireAccountToCheckout(args);
  else requireSignedIn(args);
}

/**
 * An admin-only route (docs/rules/accounts.md#guards) sends anyone whose user lacks `isAdmin` to /login and
 * remembers the origin. Use as `beforeLoad: requireAdmin`.
 */
export function requireAdmin({ context, location }: GuardArgs): void {
  if (context.auth.isAdmin) return;
  throw redirect({ to: '/login', search: { redirect: location.href }, replace: true });
}

/**
 * Search params of /login and /register. `redirect` is the remembered page; anything that is not a
 * path on this site is dropped, so a crafted link cannot send a fresh sign-in to another origin.
 */
export const RedirectSearch = z.object({
  redirect: z
    .string()
    .optional()
    .catch(undefined)
    .transform((target) => (target !== undefined && isLocalPath(target) ? target : undefined)),
});
export type RedirectSearch = z.infer<typeof RedirectSearch>;

const AUTH_PAGES = ['/login', '/register'];

function isLocalPath(target: string): boolean {
  // `//host` and `/\host` are protocol-relative in browsers; a path must start with exactly one slash.
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return false;
  const pathname = target.split(/[?#]/, 1)[0] ?? '';
  return !AUTH_PAGES.includes(pathname);
}

/** Where to go after sign-in or registration: the remembered page, else the home page. */
export function afterSignIn(remembered: string | undefined): string {
  return remembered !== undefined && isLocalPath(remembered) ? remembered : '/';
}
