import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { repoRoot } from '../repo-root.ts';
import type { AppInstance } from './app-instance.ts';
import { type BuildManifest, buildManifestReader } from './build-manifest.ts';
import { firstAnswersElement, readFirstAnswers } from './first-answers.ts';
import { firstPagePreloadHeader, hasSessionCookie, isFirstPage } from './first-page-preloads.ts';
import { readStaticFile, type StaticFile, sendStaticFile } from './static-files.ts';

export const webDistDir = path.join(repoRoot, 'apps/web/dist');

const notBuilt = () =>
  new Error(`The web app is not built (${webDistDir} has no index.html): run \`npm run build\`.`);

/** The built index.html, or an error naming the command that builds it. */
export function readBuiltIndex(): string {
  const indexFile = path.join(webDistDir, 'index.html');
  if (!existsSync(indexFile)) throw notBuilt();
  return readFileSync(indexFile, 'utf8');
}

/** What the web app is told of sessions by auth/ (app.ts passes auth/session-lookup.ts's answer in). */
export interface WebAppSessions {
  /**
   * Whether the cookie header's session is valid, with a profile, and not due for the refresh that
   * sets a new cookie: only such a session's user may go inside a page.
   */
  isEmbeddable(cookieHeader: string | undefined): Promise<boolean>;
}

/**
 * Serves the built single-page app, each file read from disk when asked for; unknown non-API GETs get
 * index.html so client routes load.
 */
export function serveWebApp(app: AppInstance, { isEmbeddable }: WebAppSessions): void {
  readBuiltIndex();
  const readManifest = buildManifestReader(webDistDir);
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    if (urlPath.startsWith('/api/')) return reply.callNotFound();
    const file = await readStaticFile(webDistDir, urlPath);
    if (file) return sendStaticFile(request, reply, file);
    if (path.extname(urlPath)) return reply.callNotFound();
    const index = await readStaticFile(webDistDir, '/index.html');
    if (!index) throw notBuilt();
    if (hasSessionCookie(request.headers.cookie) && isFirstPage(urlPath)) {
      return sendSignedInPage(app, request, reply, {
        index,
        urlPath,
        manifest: await readManifest(),
        isEmbeddable,
      });
    }
    return sendStaticFile(request, reply, index);
  });
}

/**
 * A landing page asked with a valid session: with that session's user and profile in the HTML (no
 * round trip for them before the page can open) and its code and data announced. The head leaves at
 * once, with the Link header, so the browser starts on the code and data while the two answers are
 * read; the rest follows. Such a page is that person's alone: never stored by a cache, shared or not.
 * A session that is no longer valid, or due for the refresh that sets a new cookie (which could not
 * follow headers already sent), gets the plain page, its reads announced instead.
 */
async function sendSignedInPage(
  app: AppInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  {
    index,
    urlPath,
    manifest,
    isEmbeddable,
  }: { index: StaticFile; urlPath: string; manifest: BuildManifest | undefined } & WebAppSessions,
) {
  const embed = await isEmbeddable(request.headers.cookie);
  const preloads = firstPagePreloadHeader(urlPath, request.headers.cookie, {
    manifest,
    basicsEmbedded: embed,
  });
  if (preloads) reply.header('link', preloads);
  if (!embed) return sendStaticFile(request, reply, index);
  const html = index.identity.toString('utf8');
  const headEnd = html.includes('</head>') ? html.indexOf('</head>') : 0;
  const page = new PassThrough();
  page.write(html.slice(0, headEnd));
  void readFirstAnswers(app, request).then(
    (first) => page.end((first ? firstAnswersElement(first) : '') + html.slice(headEnd)),
    (error: unknown) => {
      // The app then asks for the session and the user itself.
      request.log.error({ err: error }, 'reading the first answers of a page failed');
      page.end(html.slice(headEnd));
    },
  );
  return reply.header('cache-control', 'private, no-store').type(index.contentType).send(page);
}
