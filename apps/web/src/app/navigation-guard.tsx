import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useMe } from '../features/auth/api/get-me';
import { useSession } from '../features/auth/api/get-session';
import { readOnboardingFlag, setOnboardingFlag } from '../lib/onboarding-flag';
import { PageLoader } from '../ui/page-loader';
import { resolveNavigation } from './guard';
import type { RouteMeta } from './route-meta';

export interface NavigationGuardProps {
  meta: RouteMeta;
  children: ReactNode;
}

/**
 * Runs the guard on every navigation and again whenever the session changes (it ended, say).
 * With a session, the current user is loaded before an auth-required page opens; its onboarding
 * flag (kept on the server, so it follows the user across devices) is mirrored in local storage.
 */
export function NavigationGuard({ meta, children }: NavigationGuardProps) {
  const session = useSession();
  const location = useLocation();
  const signedIn = !!session.data?.user;
  const me = useMe({ enabled: meta.requiresAuth && signedIn });

  useEffect(() => {
    if (me.data) setOnboardingFlag(me.data.needs_onboarding);
  }, [me.data]);

  if (meta.requiresAuth && session.isPending) return <PageLoader />;
  if (meta.requiresAuth && signedIn && me.isPending) return <PageLoader />;

  const decision = resolveNavigation({
    meta,
    // Keep the last known session through a failed refetch; with none, an unreachable server means signed out.
    session: session.data ?? null,
    // The server's answer when there is one; offline, the local mirror.
    onboardingFlag: me.data ? me.data.needs_onboarding : readOnboardingFlag(),
  });
  if (decision !== 'allow') return <Navigate to={decision} replace state={{ from: location }} />;
  return children;
}
