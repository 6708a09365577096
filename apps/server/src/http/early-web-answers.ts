import { readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { buildManifestReader } from './build-manifest.ts';
import { firstPagePreloadHeader } from './first-page-preloads.ts';
import { contentSecurityPolicy, inlineScriptHashes, securityHeadersFor } from './security-headers.ts';
import {
  browserHasFile,
  pickEncoding,
  readStaticFile,
  type StaticFile,
  staticFilePath,
} from './static-files.ts';

/**
 * While the server starts (the database opens, migrations run, the app is built) the built web app
 * is already answered, with the bytes and headers the app gives it (web-app.ts, static-files.ts,
 * security-headers.ts): a person sees the login page without waiting for work the page does not need.
 * Only what surely is the web app is answered here; everything else waits for the app (false).
 */
export type EarlyAnswer = (request: IncomingMessage, response: ServerResponse) => boolean;

/**
 * Paths the app itself routes (the API, the dev mailbox, the health and readiness checks, the
 * metrics) are never the web app: a readiness probe answered the page while the database was still
 * migrating would read "ready". apps/server/test/start/start-early-answers.test.ts checks every
 * route of the app is among them.
 */
const APP_PATHS = /^\/(api|dev|healthz|readyz|metrics)(\/|$)/;
/** Plain addresses only: anything encoded, odd or long is left to the app's own checks and router. */
const PLAIN_URL = /^(\/[A-Za-z0-9._~-]+)*\/?(\?[A-Za-z0-9._~=&-]*)?$/;
const LONGEST_PLAIN_URL = 100;

export function earlyWebAnswers(webDistDir: string, options: { publicUrl: string }): EarlyAnswer {
  const indexPath = staticFilePath(webDistDir, '/index.html');
  if (!indexPath || !isFile(indexPath)) return () => false;
  const pageCsp = contentSecurityPolicy(inlineScriptHashes(readFileSync(indexPath, 'utf8')));
  const https = options.publicUrl.startsWith('https://');
  const readManifest = buildManifestReader(webDistDir);
  // Read as the app reads it; a file gone since the check below answers 404.
  const answer = async (request: IncomingMessage, response: ServerResponse, urlPath: string) => {
    const file = await readStaticFile(webDistDir, urlPath).catch(() => undefined);
    if (file) return send(request, response, file, { https, pageCsp });
    response.statusCode = 404;
    response.end();
  };

  return (request, response) => {
    const url = request.url ?? '';
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    // A proxy's word on the protocol decides HSTS in the app (TRUST_PROXY): left to it.
    if (request.headers['x-forwarded-proto'] || request.headers.forwarded) return false;
    if (url.length > LONGEST_PLAIN_URL || url.includes('..') || !PLAIN_URL.test(url)) return false;
    const urlPath = url.split('?')[0] ?? '/';
    const filePath = staticFilePath(webDistDir, urlPath);
    if (filePath && isFile(filePath)) {
      void answer(request, response, urlPath);
      return true;
    }
    if (APP_PATHS.test(urlPath) || path.extname(urlPath)) return false;
    // A client route of the single-page app: its index.html, as the app's catch-all route sends it
    // to a session it cannot read (none can be read before the database is open).
    void readManifest().then((manifest) => {
      const preloads = firstPagePreloadHeader(urlPath, request.headers.cookie, { manifest });
      if (preloads) response.setHeader('link', preloads);
      return answer(request, response, '/index.html');
    });
    return true;
  };
}

function isFile(filePath: string): boolean {
  try {
    return statSync(filePath).isFile();
  } catch {
    return false;
  }
}

function send(
  request: IncomingMessage,
  response: ServerResponse,
  file: StaticFile,
  { https, pageCsp }: { https: boolean; pageCsp: string },
): void {
  response.setHeader('cache-control', file.cacheControl);
  response.setHeader('etag', file.etag);
  if (Object.keys(file.encoded).length > 0) response.setHeader('vary', 'accept-encoding');
  const unchanged = browserHasFile(file, request.headers['if-none-match']);
  const statusCode = unchanged ? 304 : 200;
  const encoding = unchanged ? null : pickEncoding(file, request.headers['accept-encoding']);
  const body = encoding ? file.encoded[encoding] : file.identity;
  if (!unchanged) {
    if (encoding) response.setHeader('content-encoding', encoding);
    response.setHeader('content-type', file.contentType);
    response.setHeader('content-length', body?.length ?? 0);
  }
  const urlPath = (request.url ?? '').split('?')[0] ?? '';
  for (const [name, value] of Object.entries(
    securityHeadersFor({
      https,
      statusCode,
      contentType: unchanged ? '' : file.contentType,
      urlPath,
      pageCsp,
    }),
  )) {
    response.setHeader(name, value);
  }
  response.statusCode = statusCode;
  response.end(unchanged || request.method === 'HEAD' ? undefined : body);
}
