import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { AppInstance } from '../app.ts';
import { repoRoot } from '../repo-root.ts';
import { firstPagePreloadHeader } from './first-page-preloads.ts';

export const webDistDir = path.join(repoRoot, 'apps/web/dist');

/** The built index.html, or an error naming the command that builds it. */
export function readBuiltIndex(): string {
  const indexFile = path.join(webDistDir, 'index.html');
  if (!existsSync(indexFile)) {
    throw new Error(`The web app is not built (${webDistDir} is missing): run \`npm run build\`.`);
  }
  return readFileSync(indexFile, 'utf8');
}

/** Serves the built single-page app; unknown non-API GETs get index.html so client routes load. */
export async function serveWebApp(app: AppInstance): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDistDir,
    wildcard: false,
    index: false,
    // The build writes name.br and name.gz beside each text file: sent as they are, by Accept-Encoding.
    preCompressed: true,
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    if (urlPath.startsWith('/api/') || path.extname(urlPath)) {
      return reply.callNotFound();
    }
    const preloads = firstPagePreloadHeader(urlPath, request.headers.cookie);
    if (preloads) reply.header('link', preloads);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
