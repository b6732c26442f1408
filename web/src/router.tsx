import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { AuthState } from './lib/session';
import { routeTree } from './routeTree.gen';
import { NotFound } from './ui/not-found';

/** What every route's loader and beforeLoad receive as `context`. */
export interface RouterContext {
  queryClient: QueryClient;
  auth: AuthState;
}

/** Builds the app's router; tests pass a memory history. */
export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    // Query owns caching: the router calls loaders every time and ensureQueryData decides.
    defaultPreloadStaleTime: 0,
    defaultNotFoundComponent: NotFound,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
