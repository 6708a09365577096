import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../features/auth/api/get-session';
import { readOnboardingFlag } from '../lib/onboarding-flag';
import { PageLoader } from '../ui/page-loader';
import { resolveNavigation } from './guard';
import type { RouteMeta } from './route-meta';

export interface NavigationGuardProps {
  meta: RouteMeta;
  children: ReactNode;
}

/** Runs the guard on every navigation and again whenever the session changes (it ended, say). */
export function NavigationGuard({ meta, children }: NavigationGuardProps) {
  const session = useSession();
  const location = useLocation();

  if (meta.requiresAuth && session.isPending) return <PageLoader />;

  const decision = resolveNavigation({
    meta,
    // Keep the last known session through a failed refetch; with none, an unreachable server means signed out.
    session: session.data ?? null,
    onboardingFlag: readOnboardingFlag(),
  });
  if (decision !== 'allow') return <Navigate to={decision} replace state={{ from: location }} />;
  return children;
}
