/** The flags every route of the route table carries (docs/product.md#routes-and-navigation). */
export interface RouteMeta {
  requiresAuth: boolean;
  noSidebar: boolean;
  onboarding: boolean;
}

export const PUBLIC_PAGE: RouteMeta = { requiresAuth: false, noSidebar: true, onboarding: false };
export const APP_PAGE: RouteMeta = { requiresAuth: true, noSidebar: false, onboarding: false };
export const ONBOARDING_PAGE: RouteMeta = { requiresAuth: true, noSidebar: true, onboarding: true };

export interface RouteHandle {
  name: string;
  meta: RouteMeta;
}

export function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'meta' in handle && 'name' in handle;
}
