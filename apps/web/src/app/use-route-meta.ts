import { useMatches } from 'react-router';
import { isRouteHandle, PUBLIC_PAGE, type RouteHandle } from './route-meta';

/** The handle of the deepest matched route: nested routes (settings) inherit the nearest meta. */
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return { name: 'not-found', meta: PUBLIC_PAGE };
}
