import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { answeredThisLoad, askedBeforeThisLoad, type QueryTimes } from '../lib/offline/this-load';
import { readOnboardingFlag, setOnboardingFlag } from '../lib/onboarding-flag';
import { meQueryOptions } from '../shared/api/get-me';
import { sessionQueryOptions } from '../shared/api/get-session';
import { organizationsQueryOptions } from '../shared/api/list-organizations';
import { PageLoader } from '../ui/page-loader';
import { resolveNavigation } from './guard';
import type { RouteMeta } from './route-meta';

interface QueryState extends QueryTimes {
  fetchStatus: 'fetching' | 'paused' | 'idle';
}

/**
 * A session or profile restored from the offline cache may be stale (signed out, signed in or
 * onboarded since it was saved): the first decision waits for the server's answer of this page load,
 * unless the device is offline (the request is paused), when the saved one is all there is.
 */
function awaitingFreshAnswer(query: QueryState): boolean {
  return !answeredThisLoad(query) && query.fetchStatus === 'fetching';
}

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
  // Asked once per page load whatever the cache holds: the offline copy may predate a sign-in or out.
  // An answer of this load (the early start asks before the first render) is not asked again.
  const session = useQuery({ ...sessionQueryOptions, refetchOnMount: askedBeforeThisLoad });
  const location = useLocation();
  const signedIn = !!session.data?.user;
  const me = useQuery({
    ...meQueryOptions,
    enabled: meta.requiresAuth && signedIn,
    // Fresh for two seconds only: enough that the early start's answer is not asked again the
    // moment the session arrives and enables this query.
    staleTime: 2000,
    refetchOnMount: askedBeforeThisLoad,
  });

  useEffect(() => {
    if (me.data) setOnboardingFlag(me.data.needs_onboarding);
  }, [me.data]);

  // With a session, the organizations are loaded too (without holding the page).
  const queryClient = useQueryClient();
  useEffect(() => {
    if (signedIn && meta.requiresAuth) void queryClient.prefetchQuery(organizationsQueryOptions);
  }, [signedIn, meta.requiresAuth, queryClient]);

  if (meta.requiresAuth && (session.isPending || awaitingFreshAnswer(session))) return <PageLoader />;
  if (meta.requiresAuth && signedIn && (me.isPending || awaitingFreshAnswer(me))) return <PageLoader />;

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
