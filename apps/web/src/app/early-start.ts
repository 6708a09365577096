import type { Me } from '@figgle/shared/me-schemas';
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { meQueryOptions } from '../shared/api/get-me';
import { type Session, sessionQueryOptions } from '../shared/api/get-session';
import { type AppRoute, appRoutes } from './router';

/** The route table with each child's full address, in table order. */
function flatten(routes: AppRoute[], base = ''): { route: AppRoute; path: string; parents: AppRoute[] }[] {
  return routes.flatMap((route) => {
    const path = route.path.startsWith('/') ? route.path : `${base}/${route.path}`;
    const children = flatten(route.children ?? [], path).map((child) => ({
      ...child,
      parents: [route, ...child.parents],
    }));
    return [...children, { route, path, parents: [] }];
  });
}

/** The element in which the server put a signed-in page's first answers (apps/server/src/http/first-answers.ts). */
const FIRST_ANSWERS_ID = 'figgle-first-answers';

/**
 * The session and the user the server embedded in the page, taken out of it (read once: later
 * screens ask the server). Null when the page carries none (signed out, an early answer at start).
 */
function takeFirstAnswers(): { session: Session; me: Me } | null {
  const element = document.getElementById(FIRST_ANSWERS_ID);
  if (!element) return null;
  element.remove();
  try {
    const answers = JSON.parse(element.textContent ?? '') as { session?: Session; me?: Me };
    return answers.session?.user && answers.me ? { session: answers.session, me: answers.me } : null;
  } catch {
    return null;
  }
}

/**
 * The first page's code (its route's and its parents' chunks, and what the route names in
 * `preloadCode`: the board's on a board), asked as soon as the entry runs:
 * main.tsx calls it before the language's messages load, so the page's chunks are evaluated while
 * they do, and the first render draws the page rather than its loader (lazyReady renders code that
 * has arrived at once). The route found, with its parameters, or undefined.
 */
export function preloadFirstPageCode(pathname = window.location.pathname) {
  const found = flatten(appRoutes)
    .map((entry) => ({ ...entry, match: matchPath(entry.path, pathname) }))
    .find((entry) => entry.match);
  if (!found?.match) return undefined;
  for (const page of [...found.parents, found.route]) void page.page.preload();
  found.route.preloadCode?.();
  return found;
}

/**
 * The first page of a load, started before React renders: its code downloads while the session, the
 * current user and the page's data are asked, all in parallel, instead of one after the other
 * behind the guard and the page's code.
 * What it fetches lands in the query cache, where the guard and the page find it answered.
 */
export function startFirstPageEarly(queryClient: QueryClient, pathname = window.location.pathname): void {
  const found = preloadFirstPageCode(pathname);
  if (!found?.match) return;
  const { route, match } = found;
  // Offline, the data comes from the offline copy once it is restored. A read started now would
  // wait, paused, on an empty entry, and cancelling it later (an optimistic change does) would put
  // that empty state back over the restored data.
  if (!route.meta.requiresAuth || !navigator.onLine) return;
  // Answers of this load, in the page itself: the guard lets the page in without a round trip.
  const embedded = takeFirstAnswers();
  if (embedded) {
    queryClient.setQueryData(sessionQueryOptions.queryKey, embedded.session);
    queryClient.setQueryData(meQueryOptions.queryKey, embedded.me);
  } else {
    // Asked together rather than one after the other: with a session (the common case on these
    // addresses) the answers are ready when the guard lets the page in; without one they answer 401,
    // which the query client already treats as "re-read the session", and the guard sends to login.
    void queryClient.prefetchQuery(sessionQueryOptions);
    void queryClient.prefetchQuery(meQueryOptions);
  }
  route.prefetch?.(queryClient, match.params);
}

/**
 * A page about to be opened from the app (lib/route-intent.ts: a pointer on its link): its code, and
 * its route's reads when signed in and online, as for a first page. Reads the cache holds fresh are
 * not asked again. A route whose prefetch marks its answers as the opening's (`prefetchForRoute`, the
 * task page) would keep a hover's answer for a later opening: give its link no intent preload.
 */
export function preloadPage(queryClient: QueryClient, pathname: string): void {
  const found = preloadFirstPageCode(pathname);
  if (!found?.match || !found.route.meta.requiresAuth || !navigator.onLine) return;
  found.route.prefetch?.(queryClient, found.match.params);
}
