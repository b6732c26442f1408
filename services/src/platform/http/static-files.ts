import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, relative, resolve, sep } from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { acceptedEncodings, type ContentCoding } from './accept-encoding';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Text types a build may have precompressed (web/precompress.ts writes `.br` and `.gz` beside them). */
const compressible = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.webmanifest', '.txt']);
const encodings = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const satisfies readonly { name: ContentCoding; suffix: string }[];

export interface StaticFilesOptions {
  /** Serve only these extensions (e.g. images for uploads); others answer 404. */
  allowedExtensions?: readonly string[];
  /** Cache-Control for files whose path starts with one of these (hashed, never change). */
  immutablePrefixes?: readonly string[];
  /** Strip this prefix from the request path before resolving (e.g. '/uploads'). */
  stripPrefix?: string;
  /**
   * Send `name.br` or `name.gz` when the browser accepts that encoding and the file is there (brotli
   * first), with `Content-Encoding` and `Vary: Accept-Encoding`; else the file itself.
   */
  precompressed?: boolean;
}

/**
 * Serves files from one folder, never outside it: paths are decoded, normalised and checked to
 * stay below the root; anything else falls through (to the web app's pages, or a 404). The folder
 * itself (`/`) is no file: the home page is rendered, not sent from here.
 */
export function staticFiles(root: string, options: StaticFilesOptions = {}): MiddlewareHandler {
  const base = resolve(root);
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    let requestPath: string;
    try {
      requestPath = decodeURIComponent(c.req.path);
    } catch {
      return next();
    }
    if (options.stripPrefix) {
      if (!requestPath.startsWith(`${options.stripPrefix}/`)) return next();
      requestPath = requestPath.slice(options.stripPrefix.length);
    }
    if (requestPath.includes('\0')) return next();
    const file = join(base, normalize(requestPath));
    const inside = relative(base, file);
    const send = (path: string, cacheControl: string) =>
      sendFile(c, path, cacheControl, options.precompressed === true);
    if (inside.startsWith('..') || inside.startsWith(sep) || inside === '') return next();
    const extension = extname(file).toLowerCase();
    if (options.allowedExtensions && !options.allowedExtensions.includes(extension)) return next();
    const immutable = options.immutablePrefixes?.some((prefix) => requestPath.startsWith(prefix)) ?? false;
    return (await send(file, immutable ? 'public, max-age=31536000, immutable' : 'no-cache')) ?? next();
  };
}

async function sendFile(
  c: Parameters<MiddlewareHandler>[0],
  file: string,
  cacheControl: string,
  precompressed: boolean,
): Promise<Response | undefined> {
  const info = await fileInfo(file);
  if (!info) return undefined;
  const extension = extname(file).toLowerCase();
  const headers: Record<string, string> = {
    'Content-Type': contentTypes[extension] ?? 'application/octet-stream',
    'Cache-Control': cacheControl,
  };
  let sent = { path: file, size: info.size };
  if (precompressed && compressible.has(extension)) {
    headers.Vary = 'Accept-Encoding';
    const accepted = acceptedEncodings(c.req.header('accept-encoding'));
    for (const encoding of encodings) {
      if (!accepted.has(encoding.name)) continue;
      const variant = await fileInfo(`${file}${encoding.suffix}`);
      if (!variant) continue;
      headers['Content-Encoding'] = encoding.name;
      sent = { path: `${file}${encoding.suffix}`, size: variant.size };
      break;
    }
  }
  headers['Content-Length'] = String(sent.size);
  if (c.req.method === 'HEAD') return c.body(null, 200, headers);
  try {
    return c.body(new Uint8Array(await readFile(sent.path)), 200, headers);
  } catch {
    return undefined;
  }
}

async function fileInfo(path: string): Promise<{ size: number } | undefined> {
  try {
    const info = await stat(path);
    return info.isFile() ? { size: info.size } : undefined;
  } catch {
    return undefined;
  }
}
