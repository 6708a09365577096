import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { RouteMeta } from './route-meta';
import { type AppRoute, appRoutes } from './router';

function toMatchable(routes: AppRoute[]): RouteObject[] {
  return routes.map((route) => ({
    path: route.path,
    handle: route,
    children: route.children ? toMatchable(route.children) : undefined,
  }));
}

function routeAt(pathname: string): AppRoute | undefined {
  const matches = matchRoutes(toMatchable(appRoutes), pathname);
  return matches?.at(-1)?.route.handle as AppRoute | undefined;
}

const publicPage: RouteMeta = { requiresAuth: false, noSidebar: true, onboarding: false };
const appPage: RouteMeta = { requiresAuth: true, noSidebar: false, onboarding: false };
const onboardingPage: RouteMeta = { requiresAuth: true, noSidebar: true, onboarding: true };

// Every route of the app (docs/product.md#routes-and-navigation), with a sample address for each.
const specRoutes: [name: string, address: string, meta: RouteMeta][] = [
  ['home', '/', publicPage],
  ['login', '/login', publicPage],
  ['magic-login', '/magic-login', publicPage],
  ['register', '/register', publicPage],
  ['password', '/reset-password', publicPage],
  ['confirmation', '/resend-confirmation', publicPage],
  ['auth', '/auth', publicPage],
  ['onboarding1', '/onboarding/step-1', onboardingPage],
  ['onboarding2', '/onboarding/step-2', onboardingPage],
  ['onboarding3', '/onboarding/step-3', onboardingPage],
  ['projects', '/projects', appPage],
  ['projects-cards', '/projects-cards', appPage],
  ['dashboard', '/dashboard', appPage],
  ['project', '/project/7f1c/list', appPage],
  ['project-kanban', '/project/7f1c/kanban', appPage],
  ['project-calendar', '/project/7f1c/calendar', appPage],
  ['project-import', '/project/7f1c/import', appPage],
  ['projects-import', '/projects/import', appPage],
  ['my-tasks', '/my-tasks', appPage],
  ['task', '/task/42ab', appPage],
  ['settings-profile', '/settings/profile', appPage],
  ['settings-new-organization', '/settings/new-organization', appPage],
  ['settings-organization', '/settings/organization/9c2e', appPage],
  ['settings-labels', '/settings/organization/9c2e/labels', appPage],
  ['settings-preferences', '/settings/preferences', appPage],
  ['settings-notifications', '/settings/notifications', appPage],
  ['settings-figma', '/settings/figma', appPage],
  ['settings-password', '/settings/password', appPage],
  ['settings-api-tokens', '/settings/api-tokens', appPage],
  ['settings-calendar-feed', '/settings/calendar-feed', appPage],
  ['inbox', '/inbox', appPage],
  ['figma-radar', '/figma-radar', appPage],
  ['search', '/search', appPage],
];

describe('the route table', () => {
  it.each(specRoutes)('serves %s at %s with its meta', (name, address, meta) => {
    const route = routeAt(address);
    expect(route?.name).toBe(name);
    expect(route?.meta).toEqual(meta);
  });

  it('frames the settings pages under the settings route, which opens the profile by default', () => {
    const settings = appRoutes.find((route) => route.name === 'settings');
    expect(settings?.path).toBe('/settings');
    expect(settings?.meta).toEqual(appPage);
    expect(settings?.indexRedirect).toBe('profile');
  });

  it('gives every route a unique name', () => {
    const names = appRoutes.flatMap((route) => [
      route.name,
      ...(route.children ?? []).map((child) => child.name),
    ]);
    expect(new Set(names).size).toBe(names.length);
  });

  it('matches no route for an unknown address, so the not-found page shows', () => {
    expect(routeAt('/nowhere')).toBeUndefined();
    expect(routeAt('/settings/nothing')).toBeUndefined();
  });
});
