/**
 * A page opened on intent: a pointer on its link or the link focused starts the page's code and its
 * route's reads before the click. The app registers how (it knows the route table); a feature only
 * names the address, so it imports no route and no other feature.
 */
type RoutePreloader = (pathname: string) => void;

let preloader: RoutePreloader | undefined;

/** Called once by the app's providers, with the query client the reads land in. */
export function setRoutePreloader(preload: RoutePreloader): void {
  preloader = preload;
}

/** The page at this address is likely opened next: start its code and reads (at most once each). */
export function preloadRoute(pathname: string): void {
  preloader?.(pathname);
}
