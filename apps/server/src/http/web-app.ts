import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { AppInstance } from '../app-types.ts';
import { repoRoot } from '../repo-root.ts';
import { firstPagePreloadHeader } from './first-page-preloads.ts';
import { readStaticFile, sendStaticFile } from './static-files.ts';

export const webDistDir = path.join(repoRoot, 'apps/web/dist');

const notBuilt = () =>
  new Error(`The web app is not built (${webDistDir} has no index.html): run \`npm run build\`.`);

/** The built index.html, or an error naming the command that builds it. */
export function readBuiltIndex(): string {
  const indexFile = path.join(webDistDir, 'index.html');
  if (!existsSync(indexFile)) throw notBuilt();
  return readFileSync(indexFile, 'utf8');
}

/**
 * Serves the built single-page app, each file read from disk when asked for; unknown non-API GETs get
 * index.html so client routes load.
 */
export function serveWebApp(app: AppInstance): void {
  readBuiltIndex();
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    if (urlPath.startsWith('/api/')) return reply.callNotFound();
    const file = await readStaticFile(webDistDir, urlPath);
    if (file) return sendStaticFile(request, reply, file);
    if (path.extname(urlPath)) return reply.callNotFound();
    const index = await readStaticFile(webDistDir, '/index.html');
    if (!index) throw notBuilt();
    const preloads = firstPagePreloadHeader(urlPath, request.headers.cookie);
    if (preloads) reply.header('link', preloads);
    return sendStaticFile(request, reply, index);
  });
}
