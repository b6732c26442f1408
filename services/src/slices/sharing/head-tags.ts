import { escapeHtml } from '../../platform/http/escape-html';
/**
 * The tags a page puts in its <head> for search engines and link previews (Open Graph, Twitter
 * cards, schema.org JSON-LD), rendered as HTML. Every value is text from the read models or the
 * request, so every value is escaped for where it goes: attributes and text with `escapeHtml`,
 * JSON-LD with `jsonForScript`.
 */

/** The card a link unfurls into (WhatsApp, Facebook, Instagram, X). */
export interface SharePreview {
  type: 'website' | 'product';
  title: string;
  description: string;
  /** Absolute: the address the card links to. */
  url: string;
  /** Absolute; size and type when known (the previews made here are 1200x630 JPEG). */
  image: { url: string; alt: string; width?: number; height?: number; type?: string };
  /** For a product: the price as shown, and whether it can be bought. */
  offer?: { amount: string; currency: string; inStock: boolean };
}

export interface PageHead {
  /** The document's <title>. */
  title: string;
  description: string;
  /** Absolute. */
  canonical?: string;
  /** Keep the page out of search results (not-found pages, admin and account pages). */
  noindex?: boolean;
  siteName: string;
  preview?: SharePreview;
  /** A schema.org object, rendered as `<script type="application/ld+json">`. */
  structuredData?: object;
}

/**
 * JSON that cannot end its <script> element or open a comment in it: `<`, `>` and `&` become
 * `\u003c`-style escapes (the same string to a JSON parser), as do the line separators JavaScript
 * once refused in strings.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;

/** The head tags of one page, one per line, ready to go before `</head>`. */
export function renderHead(head: PageHead): string {
  const tags = [`<title>${escapeHtml(head.title)}</title>`, meta('name', 'description', head.description)];
  if (head.noindex) tags.push(meta('name', 'robots', 'noindex'));
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`);
  if (head.preview) tags.push(...previewTags(head.siteName, head.preview));
  if (head.structuredData) {
    tags.push(`<script type="application/ld+json">${jsonForScript(head.structuredData)}</script>`);
  }
  return tags.join('\n    ');
}

function previewTags(siteName: string, preview: SharePreview): string[] {
  const tags = [
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:type', preview.type),
    meta('property', 'og:title', preview.title),
    meta('property', 'og:description', preview.description),
    meta('property', 'og:url', preview.url),
    meta('property', 'og:image', preview.image.url),
  ];
  const { type, width, height } = preview.image;
  if (type) tags.push(meta('property', 'og:image:type', type));
  if (width && height) {
    tags.push(
      meta('property', 'og:image:width', String(width)),
      meta('property', 'og:image:height', String(height)),
    );
  }
  tags.push(meta('property', 'og:image:alt', preview.image.alt));
  if (preview.offer) {
    // og:price is what Open Graph readers take; product:price is what Facebook and Instagram shops read.
    tags.push(
      meta('property', 'og:price:amount', preview.offer.amount),
      meta('property', 'og:price:currency', preview.offer.currency),
      meta('property', 'product:price:amount', preview.offer.amount),
      meta('property', 'product:price:currency', preview.offer.currency),
      meta('property', 'product:availability', preview.offer.inStock ? 'in stock' : 'out of stock'),
    );
  }
  tags.push(
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', preview.title),
    meta('name', 'twitter:description', preview.description),
    meta('name', 'twitter:image', preview.image.url),
    meta('name', 'twitter:image:alt', preview.image.alt),
  );
  return tags;
}

/** Whitespace collapsed and cut at a word to at most `max` characters, with an ellipsis when cut. */
export function summary(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}
