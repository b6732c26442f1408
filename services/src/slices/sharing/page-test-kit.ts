import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Window } from 'happy-dom';

/** The routes the web build lists today (web/dist/client-routes.json). */
export const BUILT_ROUTES = [
  '/',
  '/admin',
  '/admin/affiliates',
  '/admin/create',
  '/admin/customers',
  '/admin/edit/$id',
  '/admin/orders',
  '/admin/reviews',
  '/affiliate/request',
  '/blog',
  '/cart',
  '/checkout',
  '/contact',
  '/forgot-password',
  '/login',
  '/order/$id',
  '/privacy',
  '/product/$id',
  '/profile',
  '/register',
  '/review',
  '/shopping',
  '/terms',
  '/track',
  '/track/$id',
];

/** index.html as Vite writes it for the web app: its own title and description, the app's entry. */
export const BUILT_INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="Premium fitness apparel: performance wear for training, running and recovery." />
    <meta name="theme-color" content="#0e0f12" />
    <title>Apex Athletics</title>
    <script type="module" crossorigin src="/assets/index-Bx1.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-Cx1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/** A built web app in a temporary folder: index.html, client-routes.json and one asset. */
export function aBuiltWebApp(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'shop-web-dist-'));
  writeFileSync(join(dir, 'index.html'), BUILT_INDEX_HTML);
  writeFileSync(join(dir, 'client-routes.json'), JSON.stringify(BUILT_ROUTES));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

const window = new Window();
const parser = new window.DOMParser();

/** Parses HTML as a crawler does (no scripts run). */
export const parseHtml = (html: string) => parser.parseFromString(html, 'text/html');
/** Parses XML; a document that is not well-formed holds a `parsererror` element. */
export const parseXml = (xml: string) => parser.parseFromString(xml, 'application/xml');

/** The head tags a link preview reads: `og:*` and `product:*` by property, the rest by name. */
export function headOf(html: string) {
  const document = parseHtml(html);
  const content = (selector: string) =>
    document.querySelector(selector)?.getAttribute('content') ?? undefined;
  return {
    document,
    title: document.title,
    meta: (name: string) =>
      name.startsWith('og:') || name.startsWith('product:')
        ? content(`meta[property="${name}"]`)
        : content(`meta[name="${name}"]`),
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? undefined,
    jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map(
      (script) => JSON.parse(script.textContent ?? '') as Record<string, unknown>,
    ),
    /** The app still boots: its entry script and root element are there. */
    bootsTheApp:
      document.querySelector('script[type="module"][src^="/assets/"]') !== null &&
      document.getElementById('root') !== null,
  };
}
