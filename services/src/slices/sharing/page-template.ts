import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The built web app's index.html, ready to take a page's head tags. The app boots from it exactly
 * as before; only its <title> and meta description are replaced by the page's own, and the rest of
 * the page's tags go just before `</head>`.
 */
export interface PageTemplate {
  /** The shop's name and tagline as index.html says them (its <title> and meta description), as text. */
  shopName: string;
  shopDescription: string;
  /** The whole page with `headTags` (already escaped HTML) in its head. */
  render(headTags: string): string;
}

const TITLE = /<title>([\s\S]*?)<\/title>\s*/i;
const DESCRIPTION = /<meta\s+name="description"\s+content="([^"]*)"\s*\/?>\s*/i;
const HEAD_END = /\s*<\/head>/i;

/** Reads `index.html` from the built web app once, at start-up. */
export function loadPageTemplate(webDist: string): PageTemplate {
  return pageTemplateOf(readFileSync(join(webDist, 'index.html'), 'utf8'));
}

/** Fails at start-up, not on a shopper's request, when index.html lacks what a page needs. */
export function pageTemplateOf(html: string): PageTemplate {
  const title = TITLE.exec(html);
  const description = DESCRIPTION.exec(html);
  if (!title || !description) {
    throw new Error('The web app has no <title> or meta description in index.html: rebuild it.');
  }
  const bare = html.replace(TITLE, '').replace(DESCRIPTION, '');
  const headEnd = HEAD_END.exec(bare);
  if (!headEnd) throw new Error('The web app has no </head> in index.html: rebuild it.');
  const before = `${bare.slice(0, headEnd.index)}\n    `;
  const after = bare.slice(headEnd.index);
  return {
    shopName: decodeEntities(title[1]!.trim()),
    shopDescription: decodeEntities(description[1]!),
    render: (headTags) => `${before}${headTags}${after}`,
  };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|apos);/g, (_, name: string) => ENTITIES[name] ?? '');
}
