import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type Params, type RouteObject } from 'react-router';
import { prefetchCyclePage } from '../features/cycles/api/prefetch-cycle-page';
import { taskQueryOptions } from '../features/task-detail/api/get-task';
import { timelineQueryOptions } from '../features/task-detail/api/list-timeline';
import { projectQueryOptions } from '../features/tasks/api/get-project';
import { projectTasksQueryOptions } from '../features/tasks/api/list-project-tasks';
import { preloadBoard } from '../features/tasks/components/board/board-code';
import { projectTimelineQueryOptions } from '../features/timeline-view/api/get-project-timeline';
import { lazyReady, type PreloadableComponent, preloadWhenIdle } from '../lib/lazy-ready';
import { prefetchForRoute } from '../lib/prefetched-reads';
import { preloadRoute } from '../lib/route-intent';
import { taskStructureQueryOptions } from '../shared/api/get-task-structure';
import { projectCyclesQueryOptions } from '../shared/api/list-cycles';
import { projectCustomFieldsQueryOptions } from '../shared/api/list-project-custom-fields';
import { projectsQueryOptions } from '../shared/api/list-projects';
import { NotFoundPage } from './not-found-page';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error-page';
import {
  APP_PAGE,
  isRouteHandle,
  ONBOARDING_PAGE,
  PUBLIC_PAGE,
  type RouteHandle,
  type RouteMeta,
} from './route-meta';

export interface AppRoute {
  /** The route's name (docs/product.md#routes-and-navigation). */
  name: string;
  path: string;
  meta: RouteMeta;
  page: LazyPage;
  /**
   * Code the page draws at once besides its own chunk (the board's, with dnd-kit), asked with the
   * page's: on a first load it then runs while the language loads, not after the first render.
   */
  preloadCode?: () => void;
  /**
   * Starts reading the data the page shows, for the first page of a load: called as soon as the
   * session is known, so the answers arrive while the page's code is still downloading.
   */
  prefetch?: (queryClient: QueryClient, params: Params) => void;
  /**
   * Also run `prefetch` when the page is opened from the app (a link followed, `navigate`, back and
   * forward), as the navigation starts: the reads then leave with the click instead of behind the
   * page's code and first render (docs/machinery/task-page-load.md).
   */
  prefetchWhenOpened?: boolean;
  children?: AppRoute[];
  /** Where the route's own address leads when it only frames its children. */
  indexRedirect?: string;
}

/** A page's component, loaded on first render, or earlier through `preload`. */
type LazyPage = PreloadableComponent<object>;

/** Every page is its own chunk: the first load carries only the frame and the page being opened. */
function lazyPage<ExportName extends string>(
  load: () => Promise<Record<ExportName, ComponentType>>,
  exportName: ExportName,
): LazyPage {
  return lazyReady(async () => (await load())[exportName]);
}

const prefetchProjects: AppRoute['prefetch'] = (queryClient) =>
  void queryClient.prefetchQuery(projectsQueryOptions);

/**
 * A project's screen: its header, its tasks, and the two reads that decide what its filter bar holds
 * (the "Current cycle" chip, the custom fields' filters), which the screen waits for before it draws
 * the rows, so that nothing moves under a click. The board's code is the route's `preloadCode`.
 */
const prefetchProjectScreen: AppRoute['prefetch'] = (queryClient, { projectId }) => {
  if (!projectId) return;
  void queryClient.prefetchQuery(projectQueryOptions(projectId));
  void queryClient.prefetchQuery(projectTasksQueryOptions(projectId));
  void queryClient.prefetchQuery(projectCyclesQueryOptions(projectId));
  void queryClient.prefetchQuery(projectCustomFieldsQueryOptions(projectId));
};

/** The timeline's one read (and the projects, for its title) starts with the page's code, not after it. */
const prefetchTimeline: AppRoute['prefetch'] = (queryClient, { projectId }) => {
  if (!projectId) return;
  void queryClient.prefetchQuery(projectsQueryOptions);
  void queryClient.prefetchQuery(projectTimelineQueryOptions(projectId));
};

/**
 * The task page's three reads start with its code, not one after the other behind it (the task, then
 * its sub-tasks and relations once the page drew the task): docs/machinery/task-page-load.md.
 */
const prefetchTask: AppRoute['prefetch'] = (queryClient, { taskId }) => {
  if (!taskId) return;
  // Marked as this opening's reads: the page does not ask for them again when it mounts.
  void prefetchForRoute(queryClient, taskQueryOptions(taskId));
  void prefetchForRoute(queryClient, taskStructureQueryOptions(taskId));
  void prefetchForRoute(queryClient, timelineQueryOptions(taskId));
};

/** The cycle page's reads (its title's project, the cycles, the chosen cycle) start with its code. */
const prefetchCycles: AppRoute['prefetch'] = (queryClient, { projectId, cycleId }) => {
  if (projectId) prefetchCyclePage(queryClient, projectId, cycleId);
};

const LoginPage = lazyPage(() => import('../features/auth/routes/login-page'), 'LoginPage');
const ProjectsPage = lazyPage(() => import('../features/projects/routes/projects-page'), 'ProjectsPage');
const TasksPage = lazyPage(() => import('../features/tasks/routes/tasks-page'), 'TasksPage');
const TaskRoutePage = lazyPage(() => import('./task-route'), 'TaskRoute');

/** The one route table (docs/product.md#routes-and-navigation): every route, with its meta. */
export const appRoutes: AppRoute[] = [
  { name: 'home', path: '/', meta: PUBLIC_PAGE, page: LoginPage },
  { name: 'login', path: '/login', meta: PUBLIC_PAGE, page: LoginPage },
  {
    name: 'magic-login',
    path: '/magic-login',
    meta: PUBLIC_PAGE,
    page: lazyPage(() => import('../features/auth/routes/magic-login-page'), 'MagicLoginPage'),
  },
  {
    name: 'register',
    path: '/register',
    meta: PUBLIC_PAGE,
    page: lazyPage(() => import('../features/auth/routes/register-page'), 'RegisterPage'),
  },
  {
    name: 'password',
    path: '/reset-password',
    meta: PUBLIC_PAGE,
    page: lazyPage(() => import('../features/auth/routes/reset-password-page'), 'ResetPasswordPage'),
  },
  {
    name: 'confirmation',
    path: '/resend-confirmation',
    meta: PUBLIC_PAGE,
    page: lazyPage(
      () => import('../features/auth/routes/resend-confirmation-page'),
      'ResendConfirmationPage',
    ),
  },
  {
    name: 'auth',
    path: '/auth',
    meta: PUBLIC_PAGE,
    page: lazyPage(() => import('../features/auth/routes/auth-result-page'), 'AuthResultPage'),
  },
  {
    name: 'invitation',
    path: '/invitation',
    meta: PUBLIC_PAGE,
    page: lazyPage(() => import('../features/invitations/routes/invitation-page'), 'InvitationPage'),
  },
  {
    name: 'onboarding1',
    path: '/onboarding/step-1',
    meta: ONBOARDING_PAGE,
    page: lazyPage(
      () => import('../features/onboarding/routes/onboarding-profile-page'),
      'OnboardingProfilePage',
    ),
  },
  {
    name: 'onboarding2',
    path: '/onboarding/step-2',
    meta: ONBOARDING_PAGE,
    page: lazyPage(
      () => import('../features/onboarding/routes/onboarding-organization-page'),
      'OnboardingOrganizationPage',
    ),
  },
  {
    name: 'onboarding3',
    path: '/onboarding/step-3',
    meta: ONBOARDING_PAGE,
    page: lazyPage(
      () => import('../features/onboarding/routes/onboarding-welcome-page'),
      'OnboardingWelcomePage',
    ),
  },
  { name: 'projects', path: '/projects', meta: APP_PAGE, page: ProjectsPage, prefetch: prefetchProjects },
  {
    name: 'projects-cards',
    path: '/projects-cards',
    meta: APP_PAGE,
    page: ProjectsPage,
    prefetch: prefetchProjects,
  },
  {
    name: 'projects-import',
    path: '/projects/import',
    meta: APP_PAGE,
    page: lazyPage(() => import('../features/projects/routes/import-page'), 'ImportPage'),
  },
  {
    name: 'dashboard',
    path: '/dashboard',
    meta: APP_PAGE,
    page: lazyPage(() => import('../features/dashboard/routes/dashboard-page'), 'DashboardPage'),
  },
  {
    name: 'project',
    path: '/project/:projectId/list',
    meta: APP_PAGE,
    page: TasksPage,
    prefetch: prefetchProjectScreen,
  },
  {
    name: 'project-kanban',
    path: '/project/:projectId/kanban',
    meta: APP_PAGE,
    page: TasksPage,
    preloadCode: preloadBoard,
    prefetch: prefetchProjectScreen,
  },
  {
    name: 'project-calendar',
    path: '/project/:projectId/calendar',
    meta: APP_PAGE,
    page: TasksPage,
    prefetch: prefetchProjectScreen,
  },
  {
    name: 'project-timeline',
    path: '/project/:projectId/timeline',
    meta: APP_PAGE,
    page: lazyPage(() => import('../features/timeline-view/routes/timeline-page'), 'TimelinePage'),
    prefetch: prefetchTimeline,
  },
  {
    name: 'project-milestones',
    path: '/project/:projectId/milestones',
    meta: APP_PAGE,
    page: lazyPage(() => import('../features/milestones/routes/milestones-page'), 'MilestonesPage'),
  },
  {
    name: 'project-cycles',
    path: '/project/:projectId/cycles',
    meta: APP_PAGE,
    page: lazyPage(() => import('../features/cycles/routes/cycles-page'), 'CyclesPage'),
    prefetch: prefetchCycles,
  },
  {
    name: 'project-cycle',
    path: '/project/:projectId/cycles/:cycleId',
    meta: APP_PAGE,
    page: lazyPage(() => import('../features/cycles/routes/cycles-page'), 'CyclesPage'),
    prefetch: prefetchCycles,
  },
  {
    name: 'project-import',
    path: '/project/:projectId/import',
    meta: APP_PAGE,
    page: lazyPage(() => import('../features/projects/routes/import-page'), 'ImportPage'),
  },
  { name: 'my-tasks', path: '/my-tasks', meta: APP_PAGE, page: TasksPage },
  {
    name: 'task',
    path: '/task/:taskId',
    meta: APP_PAGE,
    page: TaskRoutePage,
    prefetch: prefetchTask,
    prefetchWhenOpened: true,
  },
  {
    name: 'settings',
    path: '/settings',
    meta: APP_PAGE,
    page: lazyPage(() => import('../features/settings/routes/settings-layout'), 'SettingsLayout'),
    indexRedirect: 'profile',
    children: [
      {
        name: 'settings-profile',
        path: 'profile',
        meta: APP_PAGE,
        page: lazyPage(
          () => import('../features/settings/routes/settings-profile-page'),
          'SettingsProfilePage',
        ),
      },
      {
        name: 'settings-new-organization',
        path: 'new-organization',
        meta: APP_PAGE,
        page: lazyPage(
          () => import('../features/settings/routes/settings-new-organization-page'),
          'SettingsNewOrganizationPage',
        ),
      },
      {
        name: 'settings-organization',
        path: 'organization/:organizationId',
        meta: APP_PAGE,
        page: lazyPage(
          () => import('../features/settings/routes/settings-organization-page'),
          'SettingsOrganizationPage',
        ),
      },
      {
        name: 'settings-preferences',
        path: 'preferences',
        meta: APP_PAGE,
        page: lazyPage(
          () => import('../features/settings/routes/settings-preferences-page'),
          'SettingsPreferencesPage',
        ),
      },
      {
        name: 'settings-notifications',
        path: 'notifications',
        meta: APP_PAGE,
        page: lazyPage(
          () => import('../features/settings/routes/settings-notifications-page'),
          'SettingsNotificationsPage',
        ),
      },
      {
        name: 'settings-labels',
        path: 'organization/:organizationId/labels',
        meta: APP_PAGE,
        page: lazyPage(
          () => import('../features/settings/routes/settings-labels-page'),
          'SettingsLabelsPage',
        ),
      },
      {
        name: 'settings-trash',
        path: 'organization/:organizationId/trash',
        meta: APP_PAGE,
        page: lazyPage(() => import('../features/settings/routes/settings-trash-page'), 'SettingsTrashPage'),
      },
      {
        name: 'settings-custom-fields',
        path: 'organization/:organizationId/custom-fields',
        meta: APP_PAGE,
        page: lazyPage(
          () => import('../features/custom-fields/routes/custom-fields-page'),
          'CustomFieldsPage',
        ),
      },
      {
        name: 'settings-webhooks',
        path: 'organization/:organizationId/webhooks',
        meta: APP_PAGE,
        page: lazyPage(
          () => import('../features/settings/routes/settings-webhooks-page'),
          'SettingsWebhooksPage',
        ),
      },
      {
        name: 'settings-figma',
        path: 'figma',
        meta: APP_PAGE,
        page: lazyPage(
          () => import('../features/figma-settings/routes/figma-settings-page'),
          'FigmaSettingsPage',
        ),
      },
      {
        name: 'settings-password',
        path: 'password',
        meta: APP_PAGE,
        page: lazyPage(
          () => import('../features/settings/routes/settings-password-page'),
          'SettingsPasswordPage',
        ),
      },
      {
        name: 'settings-security',
        path: 'security',
        meta: APP_PAGE,
        page: lazyPage(
          () => import('../features/auth/routes/security-settings-page'),
          'SecuritySettingsPage',
        ),
      },
      {
        name: 'settings-api-tokens',
        path: 'api-tokens',
        meta: APP_PAGE,
        page: lazyPage(
          () => import('../features/settings/routes/settings-api-tokens-page'),
          'SettingsApiTokensPage',
        ),
      },
      {
        name: 'settings-calendar-feed',
        path: 'calendar-feed',
        meta: APP_PAGE,
        page: lazyPage(
          () => import('../features/settings/routes/settings-calendar-feed-page'),
          'SettingsCalendarFeedPage',
        ),
      },
    ],
  },
  {
    name: 'inbox',
    path: '/inbox',
    meta: APP_PAGE,
    page: lazyPage(() => import('../features/inbox/routes/inbox-page'), 'InboxPage'),
  },
  {
    name: 'search',
    path: '/search',
    meta: APP_PAGE,
    page: lazyPage(() => import('../features/search/routes/search-page'), 'SearchPage'),
  },
  {
    name: 'figma-radar',
    path: '/figma-radar',
    meta: APP_PAGE,
    page: lazyPage(() => import('../features/figma-radar/routes/figma-radar-page'), 'FigmaRadarPage'),
  },
];

function toRouteObject({
  name,
  path,
  meta,
  page: Page,
  children = [],
  indexRedirect,
}: AppRoute): RouteObject {
  const handle: RouteHandle = { name, meta };
  const childRoutes: RouteObject[] = children.map(toRouteObject);
  if (indexRedirect) childRoutes.unshift({ index: true, element: <Navigate to={indexRedirect} replace /> });
  return {
    path,
    handle,
    element: <Page />,
    errorElement: <RouteErrorPage />,
    children: childRoutes.length > 0 ? childRoutes : undefined,
  };
}

/** The router's routes: the route table in the root layout, and "not found" for any other address. */
export function buildRouteObjects(): RouteObject[] {
  const notFound: RouteObject = {
    path: '*',
    handle: { name: 'not-found', meta: PUBLIC_PAGE } satisfies RouteHandle,
    element: <NotFoundPage />,
  };
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      children: [...appRoutes.map(toRouteObject), notFound],
    },
  ];
}

type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The route table's routes by name, children included. */
function routesByName(routes: AppRoute[]): Map<string, AppRoute> {
  return new Map(
    routes.flatMap((route) => [[route.name, route] as const, ...routesByName(route.children ?? [])]),
  );
}

/** The route of the table a match of the router stands for. */
function routeOfHandle(byName: Map<string, AppRoute>, handle: unknown): AppRoute | undefined {
  return isRouteHandle(handle) ? byName.get(handle.name) : undefined;
}

/**
 * A page opened from the app whose route has `prefetchWhenOpened`: its reads and code are asked
 * (`preloadRoute`, which knows the query client) as soon as the router's state names the new address,
 * before React renders anything of it. Not on the first page of a load, which the early start reads.
 */
export function prefetchWhenOpened(router: Pick<AppRouter, 'state' | 'subscribe'>): () => void {
  const byName = routesByName(appRoutes);
  let shown = router.state.location.pathname;
  return router.subscribe((state) => {
    if (state.location.pathname === shown) return;
    shown = state.location.pathname;
    if (routeOfHandle(byName, state.matches.at(-1)?.route.handle)?.prefetchWhenOpened) preloadRoute(shown);
  });
}

/**
 * Signed-in screens lead to tasks (a card, a row, a search hit): once the first page has loaded and
 * the browser is idle, the task page's code is fetched and evaluated, so that opening a task renders
 * it at once instead of first waiting for its modules (docs/machinery/task-page-load.md).
 */
function preloadTaskPageWhenIdle(router: AppRouter): void {
  const byName = routesByName(appRoutes);
  if (!router.state.matches.some((match) => routeOfHandle(byName, match.route.handle)?.meta.requiresAuth))
    return;
  const preload = () => preloadWhenIdle(TaskRoutePage.preload);
  if (document.readyState === 'complete') preload();
  else window.addEventListener('load', preload, { once: true });
}

/** The rich-text editor's code (Quill, a chunk of its own, that `ui/editor/rich-text-editor` loads). */
let richTextEditorCode: Promise<unknown> | undefined;

/**
 * A pointer over a task's link, or the link focused: the task page may be opened next, and it starts
 * its description's editor right after its first paint; its code is fetched now rather than when the
 * page asks (some 300 ms after the click). Not earlier: Quill loads with the first page that may show
 * an editor, never with a page that cannot lead to one (docs/machinery/task-page-load.md). A failed
 * fetch (offline) is tried again at the next intent.
 */
function preloadEditorOnTaskIntent(): void {
  const onIntent = (event: Event) => {
    if (richTextEditorCode || !(event.target instanceof Element)) return;
    if (!event.target.closest('a[href^="/task/"]')) return;
    richTextEditorCode = import('../ui/editor/quill-editor').catch(() => {
      richTextEditorCode = undefined;
    });
  };
  for (const type of ['pointerover', 'focusin', 'touchstart'] as const)
    document.addEventListener(type, onIntent, { capture: true, passive: true });
}

export function createAppRouter(): AppRouter {
  const router = createBrowserRouter(buildRouteObjects());
  prefetchWhenOpened(router);
  preloadTaskPageWhenIdle(router);
  preloadEditorOnTaskIntent();
  return router;
}
