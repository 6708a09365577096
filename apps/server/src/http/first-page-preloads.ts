// What this speed device saves, what invalidates it, its benchmark: docs/machinery/first-page-preloads.md
/**
 * What a signed-in page needs first, announced with the HTML as `Link` headers, so the browser fetches
 * it while it is still downloading the app's entry script instead of after it ran: the app's own code
 * (the entry, then the page's chunks, read from the build's manifest) and the API answers the page
 * reads first (`rel=preload; as=fetch`). The web app's own requests then reuse them.
 * Kept to the screens people land on; other pages simply load as before.
 */
import { BOARD_SHAPE } from '@figgle/shared/board-shape';
import type { BuildManifest } from './build-manifest.ts';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** What every signed-in page reads first, unless the HTML carries the answers (first-answers.ts). */
const SIGNED_IN_BASICS = ['/api/auth/get-session', '/api/me'];

const TASKS_PAGE = 'src/features/tasks/routes/tasks-page.tsx';
const TIMELINE_PAGE = 'src/features/timeline-view/routes/timeline-page.tsx';
/** The task page's module: app/task-route.tsx hands it the sections of other features. */
const TASK_PAGE = 'src/app/task-route.tsx';
/** The web app's source modules of each view of a project (its lazy chunks, in the manifest). */
const PROJECT_VIEW_MODULES: Record<string, string[]> = {
  list: [TASKS_PAGE],
  kanban: [TASKS_PAGE, 'src/features/tasks/components/board/board.tsx'],
  calendar: [TASKS_PAGE, 'src/features/tasks/components/calendar/calendar.tsx'],
};

interface FirstPage {
  pattern: RegExp;
  /** The API addresses the page reads first, exactly as the app asks them (query string included). */
  data: (match: RegExpMatchArray) => string[];
  /** The page's code: source modules as the build's manifest names them. */
  modules: (match: RegExpMatchArray) => string[];
}

const FIRST_PAGES: FirstPage[] = [
  {
    pattern: /^\/projects(-cards)?\/?$/,
    data: () => ['/api/projects'],
    modules: () => ['src/features/projects/routes/projects-page.tsx'],
  },
  {
    pattern: new RegExp(`^/project/(${UUID})/(list|kanban|calendar)/?$`, 'i'),
    // The tasks in the board shape, as apps/web/src/features/tasks/api/list-project-tasks.ts asks
    // them; the cycles and the custom fields, which the screen waits for before it draws the rows.
    data: (match) => [
      `/api/projects/${match[1]}`,
      `/api/projects/${match[1]}/tasks?shape=${BOARD_SHAPE}`,
      `/api/projects/${match[1]}/cycles`,
      `/api/projects/${match[1]}/custom-fields`,
    ],
    modules: (match) => PROJECT_VIEW_MODULES[match[2]!.toLowerCase()] ?? [TASKS_PAGE],
  },
  { pattern: /^\/my-tasks\/?$/, data: () => ['/api/my-tasks'], modules: () => [TASKS_PAGE] },
  {
    // As apps/web/src/app/router.tsx's prefetch asks them: the projects (the title) and the timeline.
    pattern: new RegExp(`^/project/(${UUID})/timeline/?$`, 'i'),
    data: (match) => ['/api/projects', `/api/projects/${match[1]}/timeline`],
    modules: () => [TIMELINE_PAGE],
  },
  {
    // As apps/web/src/app/router.tsx's prefetch asks them: the task, its sub-tasks and relations, its
    // activity (docs/machinery/task-page-load.md).
    pattern: new RegExp(`^/task/(${UUID})/?$`, 'i'),
    data: (match) => [
      `/api/tasks/${match[1]}`,
      `/api/tasks/${match[1]}/structure`,
      `/api/tasks/${match[1]}/timeline`,
    ],
    modules: () => [TASK_PAGE],
  },
];

/** Every source module the table names, for the test that finds each in a build's manifest. */
export const FIRST_PAGE_MODULES = [
  ...new Set([
    'src/features/projects/routes/projects-page.tsx',
    ...Object.values(PROJECT_VIEW_MODULES).flat(),
    TIMELINE_PAGE,
    TASK_PAGE,
  ]),
];

const SESSION_COOKIE_MARK = 'figgle.session_token=';

/** Whether a request carries a session cookie at all (whether it is valid is for the session read). */
export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return !!cookieHeader?.includes(SESSION_COOKIE_MARK);
}

/** Whether an address is a landing page this table knows (the pages whose HTML says more). */
export function isFirstPage(urlPath: string): boolean {
  return FIRST_PAGES.some(({ pattern }) => pattern.test(urlPath));
}

export interface PreloadOptions {
  /** The build's manifest; without it, only the API answers are announced. */
  manifest?: BuildManifest;
  /** The session and the user are in the HTML itself: they are not fetched. */
  basicsEmbedded?: boolean;
}

/**
 * The Link header for a page address, or undefined when the visitor has no session to read with or
 * the page is not one the table knows. In the order the browser should fetch: the entry's styles and
 * code (queued ahead of everything else on the browser's six connections), the data, then the page's
 * own chunks, which are only needed once the entry has run.
 */
export function firstPagePreloadHeader(
  urlPath: string,
  cookieHeader: string | undefined,
  { manifest, basicsEmbedded = false }: PreloadOptions = {},
): string | undefined {
  if (!hasSessionCookie(cookieHeader)) return undefined;
  for (const { pattern, data, modules } of FIRST_PAGES) {
    const match = urlPath.match(pattern);
    if (!match) continue;
    const code = manifest ? manifest.chunksOf(modules(match)) : { entry: [], page: [] };
    return [
      ...code.entry.map((file) => linkOfFile(file, 'modulepreload')),
      // use-credentials: the app fetches with credentials 'include', and a preload is reused only when
      // its credentials mode matches.
      ...[...(basicsEmbedded ? [] : SIGNED_IN_BASICS), ...data(match)].map(
        (url) => `<${url}>; rel=preload; as=fetch; crossorigin=use-credentials`,
      ),
      ...code.page.map((file) => linkOfFile(file, 'preload')),
    ].join(', ');
  }
  return undefined;
}

/**
 * A built file's link. `crossorigin` as the built index.html and the bundler's own loader ask them
 * (anonymous: same-origin credentials), or the browser would not reuse what it preloaded. The entry
 * is a module preload (fetched and compiled at once: it runs first); the page's chunks are only
 * fetched (`as=script`): compiled when the entry imports them. Compiled on arrival, they took the
 * main thread from the entry's own run (measured: the board about 110 ms later, median of four
 * interleaved cold loads of each).
 */
function linkOfFile(file: string, script: 'modulepreload' | 'preload'): string {
  if (file.endsWith('.css')) return `</${file}>; rel=preload; as=style; crossorigin`;
  return script === 'modulepreload'
    ? `</${file}>; rel=modulepreload; crossorigin`
    : `</${file}>; rel=preload; as=script; crossorigin`;
}
