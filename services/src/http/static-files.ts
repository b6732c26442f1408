import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, relative, resolve, sep } from 'node:path';
import type { MiddlewareHandler } from 'hono';

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

export interface StaticFilesOptions {
  /** Serve only these extensions (e.g. images for uploads); others answer 404. */
  allowedExtensions?: readonly string[];
  /** Cache-Control for files whose path starts with one of these (hashed, never change). */
  immutablePrefixes?: readonly string[];
  /** Answer index.html for unknown paths that look like client routes (no extension, accepts HTML). */
  spaFallback?: boolean;
  /** Strip this prefix from the request path before resolving (e.g. '/uploads'). */
  stripPrefix?: string;
}

/**
 * Serves files from one folder, never outside it: paths are decoded, normalised and checked to
 * stay below the root; anything else falls through (and so answers 404).
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
    if (inside.startsWith('..') || inside.startsWith(sep) || inside === '') {
      return options.spaFallback && inside === ''
        ? sendFile(c, join(base, 'index.html'), 'no-cache')
        : next();
    }
    const extension = extname(file).toLowerCase();
    if (options.allowedExtensions && !options.allowedExtensions.includes(extension)) return next();
    const immutable = options.immutablePrefixes?.some((prefix) => requestPath.startsWith(prefix)) ?? false;
    const sent = await sendFile(c, file, immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    if (sent) return sent;
    if (options.spaFallback && extension === '' && (c.req.header('accept') ?? '').includes('text/html')) {
      const index = await sendFile(c, join(base, 'index.html'), 'no-cache');
      if (index) return index;
    }
    return next();
  };
}

async function sendFile(
  c: Parameters<MiddlewareHandler>[0],
  file: string,
  cacheControl: string,
): Promise<Response | undefined> {
  try {
    const info = await stat(file);
    if (!info.isFile()) return undefined;
    const headers = {
      'Content-Type': contentTypes[extname(file).toLowerCase()] ?? 'application/octet-stream',
      'Content-Length': String(info.size),
      'Cache-Control': cacheControl,
    };
    if (c.req.method === 'HEAD') return c.body(null, 200, headers);
    return c.body(new Uint8Array(await readFile(file)), 200, headers);
  } catch {
    return undefined;
  }
}
