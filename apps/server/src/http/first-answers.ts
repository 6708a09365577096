// What this speed device saves, what invalidates it, its benchmark: docs/machinery/first-page-preloads.md
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from './app-instance.ts';

/** The element of the page that carries them; read by apps/web/src/app/first-answers.ts. */
const FIRST_ANSWERS_ID = 'figgle-first-answers';

/** What a signed-in page would ask first, answered inside the HTML: the session and the user. */
export interface FirstAnswers {
  session: {
    user: { id: string; email: string; name: string; emailVerified: boolean; image: string | null };
    session: { id: string; userId: string; expiresAt: string };
  };
  me: unknown;
}

interface SessionAnswer {
  user?: { id: string; email: string; name: string; emailVerified: boolean; image?: string | null };
  session?: { id: string; userId: string; expiresAt: string };
}

/**
 * Asks the app itself, in-process, what the page's first two requests would answer: the same routes
 * (better-auth's session read, GET /api/me), the same checks and limits (counted for the browser's
 * address), the same presenters, so the embedded answers cannot differ from the fetched ones. Only
 * the request's own session cookie is passed on: the answers are that session's own user's. Null
 * without a valid session. The caller has checked that the session is not due for its refresh: a
 * new cookie the read would set could not follow (web-app.ts sends the page's head first).
 */
export async function readFirstAnswers(
  app: AppInstance,
  request: FastifyRequest,
): Promise<FirstAnswers | null> {
  const headers: Record<string, string> = { cookie: request.headers.cookie ?? '' };
  if (request.headers.host) headers.host = request.headers.host;
  if (request.headers['user-agent']) headers['user-agent'] = request.headers['user-agent'];
  const ask = (url: string) => app.inject({ method: 'GET', url, headers, remoteAddress: request.ip });
  const [sessionAnswer, meAnswer] = await Promise.all([ask('/api/auth/get-session'), ask('/api/me')]);
  if (sessionAnswer.statusCode !== 200 || meAnswer.statusCode !== 200) return null;
  if (sessionAnswer.headers['set-cookie']) return null;
  const read = sessionAnswer.json<SessionAnswer | null>();
  if (!read?.user || !read.session) return null;
  const { user, session } = read;
  return {
    // Only what the web app reads: never the session's token (the httpOnly cookie's secret).
    session: {
      user: {
        id: user.id,
        email: user.email,
        name: user.name,
        emailVerified: user.emailVerified,
        image: user.image ?? null,
      },
      session: { id: session.id, userId: session.userId, expiresAt: session.expiresAt },
    },
    me: meAnswer.json(),
  };
}

/**
 * JSON that is safe inside a `<script type="application/json">` element: no `<` (so no `</script>`
 * or `<!--` can end or change the element), no `>` or `&`, and no line separators, whatever a person
 * typed into their name.
 */
function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The data element that carries a page's first answers (never run as script). */
export function firstAnswersElement(answers: FirstAnswers): string {
  return `<script type="application/json" id="${FIRST_ANSWERS_ID}">${jsonForHtml(answers)}</script>`;
}
