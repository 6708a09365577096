// What this speed device saves, what invalidates it, its benchmark: docs/machinery/first-page-preloads.md
/**
 * The API answers a signed-in page will ask for first, announced with the HTML as `Link: rel=preload`
 * headers: the browser fetches them while it is still downloading the app's scripts, instead of after
 * they ran (a few hundred ms on a cold load). The web app's own fetches then reuse these answers.
 * Kept to the screens people land on; other pages simply load as before.
 */
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const SIGNED_IN_BASICS = ['/api/auth/get-session', '/api/me'];

const PAGE_DATA: { pattern: RegExp; urls: (match: RegExpMatchArray) => string[] }[] = [
  { pattern: /^\/projects(-cards)?\/?$/, urls: () => ['/api/projects'] },
  {
    pattern: new RegExp(`^/project/(${UUID})/(list|kanban|calendar)/?$`, 'i'),
    urls: (match) => [`/api/projects/${match[1]}`, `/api/projects/${match[1]}/tasks`],
  },
  { pattern: /^\/my-tasks\/?$/, urls: () => ['/api/my-tasks'] },
];

const SESSION_COOKIE_MARK = 'figgle.session_token=';

/** The Link header for a page address, or undefined when the visitor has no session to read with. */
export function firstPagePreloadHeader(
  urlPath: string,
  cookieHeader: string | undefined,
): string | undefined {
  if (!cookieHeader?.includes(SESSION_COOKIE_MARK)) return undefined;
  for (const { pattern, urls } of PAGE_DATA) {
    const match = urlPath.match(pattern);
    if (!match) continue;
    // use-credentials: the app fetches with credentials 'include', and a preload is reused only when
    // its credentials mode matches.
    return [...SIGNED_IN_BASICS, ...urls(match)]
      .map((url) => `<${url}>; rel=preload; as=fetch; crossorigin=use-credentials`)
      .join(', ');
  }
  return undefined;
}
