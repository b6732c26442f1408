import { createRootRouteWithContext, Outlet, useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { rememberReferral } from '../lib/referral';
import { sessionStore } from '../lib/session';
import type { RouterContext } from '../router';
import { FlashMessage } from '../ui/flash-message';
import { NotFound } from '../ui/not-found';
import { useResetPageTitle } from '../ui/page-title';
import { NavBar } from './-components/nav-bar';
import { SiteFooter } from './-components/site-footer';

export const Route = createRootRouteWithContext<RouterContext>()({
  // Any page opened from an affiliate's tracking link (`?ref=CODE`) remembers the code for checkout.
  beforeLoad: ({ location }) => rememberReferral(location.search),
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  const router = useRouter();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  useResetPageTitle(pathname);
  // Guards read the session in beforeLoad; re-run them when it changes (sign-out, a 401, another tab).
  useEffect(() => sessionStore.subscribe(() => void router.invalidate()), [router]);

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <NavBar />
      <main id="main" tabIndex={-1}>
        <FlashMessage pathname={pathname} />
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}
