import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { findAffiliateByCode, findProduct, latestVerifiedReviews } from '@shop/projections';
import { type Context, Hono } from 'hono';
import { notFound } from '../../platform/errors';
import { AnswerCache } from '../../platform/http/answer-cache';
import type { ShopDeps } from '../../shop-deps';
import { loadClientRoutes } from './client-routes';
import { isPrivatePath, robotsTxt, sitemapStream } from './crawling';
import { renderHead } from './head-tags';
import { loadPageTemplate } from './page-template';
import {
  affiliatePage,
  homePage,
  plainPage,
  productPage,
  SHOP_PREVIEW_PATH,
  type Site,
  shoppingPage,
} from './pages';
import { PreviewImages } from './preview-images';

export interface SharingOptions {
  /** The built web app; without it (API-only tests, `npm run dev`) no HTML page is served here. */
  webDist?: string;
  /** The shop's own preview card, served at /previews/shop.jpg. */
  shopPreviewImage: string;
}

const HTML = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' };
const AN_HOUR = 'public, max-age=3600';
const A_DAY = 'public, max-age=86400';
/** As the web app remembers a `?ref=` (web/src/lib/referral.ts): trimmed, upper-cased, this shape. */
const AFFILIATE_CODE = /^[A-Z0-9][A-Z0-9_-]{0,31}$/;
const PRODUCT_PAGE = /^\/product\/([^/]+)\/?$/i;
/** The newest verified reviews a product page's JSON-LD carries. */
const JSON_LD_REVIEWS = 5;

/**
 * The shop's face to crawlers and link previews: robots.txt, the sitemap, the preview images, and the
 * HTML of every page of the web app with its own head tags (title, description, canonical URL, Open
 * Graph and Twitter cards, schema.org JSON-LD), rendered from the read models into the built
 * index.html, from which the app boots as before. Every path the web app's router has a page for
 * answers HTML whatever the Accept header says; an unknown product, a deleted one and an address
 * that is no page answer the same HTML (the app shows its not-found screen) with status 404 and
 * `noindex`. Absolute URLs start at PUBLIC_URL, else at the request's own origin.
 */
export function sharingRoutes(deps: ShopDeps, options: SharingOptions): Hono {
  const app = new Hono();
  const configuredBase = deps.publicUrl === undefined ? undefined : baseOf(deps.publicUrl);
  const baseFor = (c: Context) => configuredBase ?? new URL(c.req.url).origin;
  const previews = new PreviewImages(
    { uploads: deps.uploadsDir, images: deps.demoImagesDir },
    join(deps.dataDir, 'cache', 'previews'),
  );
  let shopPreview: Promise<Buffer> | undefined;

  app.get('/robots.txt', (c) => c.text(robotsTxt(baseFor(c)), 200, { 'Cache-Control': AN_HOUR }));

  app.get('/sitemap.xml', (c) =>
    c.body(sitemapStream(deps.readModels, baseFor(c)), 200, {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': AN_HOUR,
    }),
  );

  app.get(SHOP_PREVIEW_PATH, async (c) => {
    shopPreview ??= readFile(options.shopPreviewImage);
    return jpeg(c, await shopPreview);
  });

  app.get('/previews/:folder/:file', async (c) => {
    const image = await previews.jpegFor(c.req.path);
    if (!image) throw notFound('There is no such preview image.');
    return jpeg(c, image);
  });

  if (!options.webDist) return app;
  const template = loadPageTemplate(options.webDist);
  const clientRoutes = loadClientRoutes(options.webDist);
  const pages = new AnswerCache({ version: () => deps.readModels.version() });
  const render = (head: Parameters<typeof renderHead>[0]) => template.render(renderHead(head));

  app.get('*', (c) => {
    const site: Site = { base: baseFor(c), name: deps.shopInfo.name, description: template.shopDescription };
    // The origin is part of every key: without PUBLIC_URL it comes from the request's Host header.
    const respond = (key: string, page: () => string | undefined) =>
      pages.respondText(c, `${site.base} ${key}`, HTML, page) ?? notFoundPage();
    const notFoundPage = () => c.body(render(plainPage(site, { noindex: true })), 404, HTML);

    const path = decodedPath(c.req.path);
    if (path === undefined || !clientRoutes.isPage(path)) {
      // A missing file (it has an extension) keeps the plain 404; an address that looks like a page gets the page.
      if (path !== undefined && /\.[a-z0-9]+$/i.test(path)) throw notFound('Nothing lives at this address.');
      return notFoundPage();
    }
    const productId = PRODUCT_PAGE.exec(path)?.[1];
    if (productId !== undefined) {
      return respond(`product ${productId}`, () => {
        const product = findProduct(deps.readModels, { id: productId });
        const reviews = latestVerifiedReviews(deps.readModels, { productId, limit: JSON_LD_REVIEWS });
        return product && render(productPage(site, product, reviews));
      });
    }
    if (path === '/') {
      const code = c.req.query('ref')?.trim().toUpperCase();
      const affiliate =
        code && AFFILIATE_CODE.test(code) ? findAffiliateByCode(deps.readModels, { code }) : undefined;
      if (affiliate)
        return respond(`ref ${affiliate.code}`, () => render(affiliatePage(site, affiliate.code)));
      return respond('home', () => render(homePage(site)));
    }
    if (/^\/shopping\/?$/i.test(path)) return respond('shopping', () => render(shoppingPage(site)));
    const noindex = isPrivatePath(path);
    return respond(noindex ? 'private' : 'page', () => render(plainPage(site, { noindex })));
  });

  return app;
}

function jpeg(c: Context, image: Buffer): Response {
  return c.body(new Uint8Array(image), 200, { 'Content-Type': 'image/jpeg', 'Cache-Control': A_DAY });
}

/** PUBLIC_URL as the start of an absolute URL: no query, no fragment, no trailing slash. */
function baseOf(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

function decodedPath(path: string): string | undefined {
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}
