import type { Context } from 'hono';
import { forbidden } from '../errors';

/** Methods that read only; every other one changes something. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CROSS_SITE_REFUSED =
  'This change did not come from the shop’s own pages. Reload the page and try again.';

/**
 * Refuses (403) a change that a browser may have sent from another site with the shop's session
 * cookie: the request's `Origin` must be the shop's own (PUBLIC_URL's, or the host the request was
 * sent to); without an `Origin`, `Sec-Fetch-Site` must say same-origin. Browsers send one or the
 * other on every such request; a reading request needs neither.
 */
export function refuseCrossSiteChange(c: Context, publicUrl: string | undefined): void {
  if (SAFE_METHODS.has(c.req.method)) return;
  const origin = c.req.header('origin');
  if (origin) {
    if (isOwnOrigin(origin, c, publicUrl)) return;
  } else if (c.req.header('sec-fetch-site') === 'same-origin') {
    return;
  }
  throw forbidden(CROSS_SITE_REFUSED);
}

function isOwnOrigin(origin: string, c: Context, publicUrl: string | undefined): boolean {
  let from: URL;
  try {
    from = new URL(origin);
  } catch {
    return false;
  }
  if (publicUrl && from.origin === new URL(publicUrl).origin) return true;
  // Behind a proxy that ends TLS the scheme differs; the host the browser addressed does not.
  const host = c.req.header('host') ?? new URL(c.req.url).host;
  return from.host === host;
}

/**
 * Whether a cookie may be marked Secure: the shop is served over https (PUBLIC_URL says so, as it
 * must behind a proxy that ends TLS), or this very request came over https.
 */
export function servedOverHttps(c: Context, publicUrl: string | undefined): boolean {
  if (publicUrl?.startsWith('https:')) return true;
  return new URL(c.req.url).protocol === 'https:';
}
