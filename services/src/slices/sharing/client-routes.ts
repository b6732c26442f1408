import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/** Written by the web build (web/client-routes.ts): every page of the app, e.g. `/product/$id`. */
const CLIENT_ROUTES_FILE = 'client-routes.json';
const RouteList = z.array(z.string().startsWith('/')).min(1);

/** Matches request paths against the app's page routes, as the browser's router would. */
export interface ClientRoutes {
  /** True when the router has a page at this (decoded) path. */
  isPage(path: string): boolean;
}

export function loadClientRoutes(webDist: string): ClientRoutes {
  const file = join(webDist, CLIENT_ROUTES_FILE);
  const parsed = RouteList.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file} does not list the app's routes: rebuild the web app.`);
  return clientRoutesOf(parsed.data);
}

type Segment = { literal: string } | { param: true } | { rest: true };

/**
 * TanStack Router's matching, as far as file routes use it: literal segments ignore case, `$name`
 * takes one segment, a lone `$` takes the rest; a trailing slash does not matter.
 */
export function clientRoutesOf(paths: readonly string[]): ClientRoutes {
  const patterns = paths.map((path) => segmentsOf(path).map(segmentPattern));
  return {
    isPage(path) {
      const segments = segmentsOf(path);
      return patterns.some((pattern) => matches(pattern, segments));
    },
  };
}

const segmentsOf = (path: string) => path.split('/').filter((segment) => segment !== '');

function segmentPattern(segment: string): Segment {
  if (segment === '$') return { rest: true };
  if (segment.startsWith('$')) return { param: true };
  return { literal: segment.toLowerCase() };
}

function matches(pattern: readonly Segment[], segments: readonly string[]): boolean {
  for (const [index, part] of pattern.entries()) {
    if ('rest' in part) return true;
    const segment = segments[index];
    if (segment === undefined) return false;
    if ('literal' in part && part.literal !== segment.toLowerCase()) return false;
  }
  return pattern.length === segments.length;
}
