import { type LiveProductStamp, liveProductStamps, type ReadModelsDb } from '@shop/projections';
import { escapeHtml } from '../../platform/http/escape-html';
import { pulledFrom } from '../../platform/http/streamed';

/**
 * Pages no search engine should list: the admin, the API, the signed-in shopper's own pages
 * (docs/rules/accounts.md#guards) and checkout, and the links that carry a one-time token. robots.txt keeps
 * crawlers out of them, and their HTML says `noindex` for crawlers that arrive anyway.
 */
export const PRIVATE_PREFIXES = [
  '/admin',
  '/api/',
  '/checkout',
  '/profile',
  '/order/',
  '/track',
  '/review',
  '/affiliate/request',
  '/reset-password',
  '/confirm-order',
  '/verify-email',
] as const;

/** True for a path robots.txt disallows (the same prefix match crawlers apply). */
export const isPrivatePath = (path: string): boolean =>
  PRIVATE_PREFIXES.some((prefix) => path.toLowerCase().startsWith(prefix));

/** robots.txt: everything but the private pages, and where the sitemap is. */
export function robotsTxt(base: string): string {
  return [
    'User-agent: *',
    ...PRIVATE_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    'Allow: /',
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
}

/** Products per read of the catalogue; between reads the server answers other requests. */
const SITEMAP_PAGE = 500;

/**
 * The sitemap as a stream: the home page, the shopping page, then every product on sale with its
 * last change, read a page at a time so ten thousand products never sit in memory at once and no
 * query stays open between reads. A sitemap holds at most 50,000 addresses; past that it would have
 * to become an index of sitemaps.
 */
export function sitemapStream(db: ReadModelsDb, base: string): ReadableStream<Uint8Array> {
  const url = (loc: string, lastmod?: string) =>
    `<url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${escapeHtml(lastmod)}</lastmod>` : ''}</url>\n`;
  const productUrl = (product: LiveProductStamp) =>
    url(`${base}/product/${encodeURIComponent(product.id)}`, product.updatedAt);
  let opened = false;
  const open = () => {
    if (opened) return '';
    opened = true;
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${url(`${base}/`)}${url(`${base}/shopping`)}`;
  };
  return pulledFrom(
    liveProductPages(db),
    (page) => open() + page.map(productUrl).join(''),
    () => `${open()}</urlset>\n`,
  );
}

/** The products on sale, a page of stamps at a time, each page read when the stream asks for it. */
function* liveProductPages(db: ReadModelsDb): Generator<LiveProductStamp[]> {
  let after = '';
  for (;;) {
    const page = liveProductStamps(db, { after, limit: SITEMAP_PAGE });
    if (page.length > 0) yield page;
    if (page.length < SITEMAP_PAGE) return;
    after = page.at(-1)!.id;
  }
}
