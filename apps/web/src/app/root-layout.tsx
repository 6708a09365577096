import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { PageLoader } from '../ui/page-loader';
import { NavigationGuard } from './navigation-guard';
import { AppShellLayout } from './shell/app-shell-layout';
import { useRouteHandle } from './use-route-meta';

/** Picks the frame of the matched route: the sidebar shell for signed-in screens, a bare page otherwise. */
export function RootLayout() {
  const { meta } = useRouteHandle();
  const withSidebar = meta.requiresAuth && !meta.noSidebar;
  const page = (
    <Suspense fallback={<PageLoader />}>
      <Outlet />
    </Suspense>
  );

  return (
    <>
      <ScrollRestoration />
      <NavigationGuard meta={meta}>
        {withSidebar ? <AppShellLayout>{page}</AppShellLayout> : page}
      </NavigationGuard>
    </>
  );
}
