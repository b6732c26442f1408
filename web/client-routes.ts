import type { Plugin } from 'vite';

/** What this plugin reads of the generator's route nodes (`@tanstack/router-generator`'s RouteNode). */
interface RouteNode {
  routePath?: string;
  isNonPath?: boolean;
  children?: readonly unknown[];
}

/** The generator plugin shape `tanstackRouter({ plugins })` accepts. */
interface GeneratorPlugin {
  name: string;
  onRouteTreeChanged: (opts: { routeNodes: readonly RouteNode[] }) => void;
}

/** The file the build writes beside index.html; the server reads it to know which paths are pages. */
export const CLIENT_ROUTES_FILE = 'client-routes.json';

/**
 * The address a route file answers, as the router matches it: `admin.edit.$id.tsx` ->
 * `/admin/edit/$id`, `admin.index.tsx` -> `/admin`. Pathless layouts (`_auth`) and groups (`(shop)`)
 * add no segment; a trailing `_` (a route kept out of its parent's layout) is not part of the path.
 */
export function pathOfRoute(routePath: string): string {
  const segments = routePath
    .split('/')
    .filter((segment) => segment !== '' && !segment.startsWith('_') && !/^\(.*\)$/.test(segment))
    .map((segment) => segment.replace(/_$/, ''));
  return `/${segments.join('/')}`;
}

/** Every page of the app: the routes with a component of their own and no child routes, sorted. */
export function pagePaths(routeNodes: readonly RouteNode[]): string[] {
  const pages = routeNodes
    .filter((node) => !node.isNonPath && !node.children?.length && node.routePath !== undefined)
    .map((node) => pathOfRoute(node.routePath ?? '/'));
  return [...new Set(pages)].sort();
}

/**
 * Two halves of one job: `generator` goes into TanStack Router's generator and records the page
 * paths each time it builds the route tree; `vite` writes them to `dist/client-routes.json`. The
 * server answers HTML for these paths only (services' sharing slice), so a route added here is
 * served at once, and any other address is a real 404.
 */
export function clientRoutes(): { generator: GeneratorPlugin; vite: Plugin } {
  let paths: string[] = [];
  return {
    generator: {
      name: 'shop-client-routes',
      onRouteTreeChanged: ({ routeNodes }) => {
        paths = pagePaths(routeNodes);
      },
    },
    vite: {
      name: 'shop-client-routes',
      apply: 'build',
      generateBundle() {
        if (paths.length === 0) this.error('the route tree was not generated: no client routes to write');
        this.emitFile({ type: 'asset', fileName: CLIENT_ROUTES_FILE, source: `${JSON.stringify(paths)}\n` });
      },
    },
  };
}
