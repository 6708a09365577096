import type { Session } from '../shared/api/get-session';
import { paths } from '../shared/paths';
import type { RouteMeta } from './route-meta';

export type NavigationDecision = 'allow' | `/${string}`;

export interface NavigationContext {
  meta: RouteMeta;
  session: Pick<Session, 'user'> | null;
  /** The local onboarding flag is exactly true. */
  onboardingFlag: boolean;
}

/**
 * The navigation guard (docs/product.md#routes-and-navigation), as a pure rule:
 * public routes pass; on an auth-required route an unfinished onboarding comes first, then the
 * session decides between the route and the login page.
 */
export function resolveNavigation({ meta, session, onboardingFlag }: NavigationContext): NavigationDecision {
  if (!meta.requiresAuth) return 'allow';
  if (onboardingFlag && !meta.onboarding) return paths.onboardingStep1;
  if (session?.user) return 'allow';
  return paths.login;
}
