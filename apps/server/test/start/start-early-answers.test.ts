// @database pglite
import { existsSync, readdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openTestDatabase } from '@figgle/test-support/database-template';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadEnv } from '../../src/env.ts';
import { type EarlyAnswer, earlyWebAnswers } from '../../src/http/early-web-answers.ts';
import { webDistDir } from '../../src/http/web-app.ts';

/**
 * While the server starts, the built web app is answered before the app exists
 * (http/early-web-answers.ts). Those answers must be the app's own, byte for byte and header for
 * header, and nothing the app routes itself (the API, the health check, the dev mailbox) may be
 * answered early. Needs the built web app (apps/web/dist), as `npm install` and the browser tests make it.
 */
const SESSION = 'figgle.session_token=abc.def';
const PROJECT = '11111111-2222-4333-8444-555555555555';
/** Headers that differ by the moment, not by the answer. */
const MOMENT_HEADERS = new Set(['date', 'connection', 'keep-alive']);

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

async function ask(base: string, path: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(`${base}${path}`, init);
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!MOMENT_HEADERS.has(name)) headers[name] = value;
  });
  return {
    status: response.status,
    headers,
    body: Buffer.from(await response.arrayBuffer()).toString('base64'),
  };
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

/** The app as `npm start` builds it (web app served) and the early answers, each on a port of its own. */
async function startBoth(publicUrl: string) {
  if (!existsSync(`${webDistDir}/index.html`))
    throw new Error('The web app is not built: run `npm run build`.');
  const database = await openTestDatabase();
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: '/tmp/figgle-early-answers-unused',
    SECRET: 'test-secret-that-is-long-enough-0123456789',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: publicUrl,
  });
  const routes: { url: string; method: string | string[] }[] = [];
  const app = await buildApp(
    { env, database },
    { serveWeb: true, logger: false, onRoute: (route) => routes.push(route) },
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  const early = earlyWebAnswers(webDistDir, { publicUrl });
  const earlyServer = createServer((request, response) => {
    if (!early(request, response)) {
      response.statusCode = 599;
      response.end('left to the app');
    }
  });
  const earlyUrl = await listen(earlyServer);
  const address = app.server.address() as AddressInfo;
  return { app, database, early, earlyServer, earlyUrl, appUrl: `http://127.0.0.1:${address.port}`, routes };
}

describe('the start answers the web app before the app is built', () => {
  let both: Awaited<ReturnType<typeof startBoth>>;
  beforeAll(async () => {
    both = await startBoth('http://127.0.0.1:3000');
  });
  afterAll(async () => {
    both.earlyServer.close();
    await both.app.close();
    await both.database.close();
  });

  const asset = () => readdirSync(`${webDistDir}/assets`).find((name) => name.endsWith('.js'));
  const requests = (): [string, RequestInit?][] => [
    ['/login'],
    ['/login', { headers: { 'accept-encoding': 'gzip, br' } }],
    ['/login', { headers: { 'accept-encoding': 'gzip' } }],
    ['/login', { method: 'HEAD' }],
    ['/login?redirect=projects'],
    ['/'],
    ['/index.html', { headers: { 'accept-encoding': 'br' } }],
    [`/project/${PROJECT}/kanban`, { headers: { cookie: SESSION, 'accept-encoding': 'br' } }],
    ['/projects', { headers: { cookie: SESSION } }],
    ['/sw.js'],
    ['/favicon.svg'],
    [`/assets/${asset()}`, { headers: { 'accept-encoding': 'br, gzip' } }],
  ];

  it('answers each page and file of the web app exactly as the app does', async () => {
    for (const [path, init] of requests()) {
      const fromApp = await ask(both.appUrl, path, init);
      const early = await ask(both.earlyUrl, path, init);
      expect(fromApp.status, path).toBe(200);
      expect(early, `${init?.method ?? 'GET'} ${path}`).toEqual(fromApp);
    }
  });

  it('answers a page the browser already has with the same 304', async () => {
    const first = await ask(both.appUrl, '/login');
    const etag = first.headers.etag!;
    const fromApp = await ask(both.appUrl, '/login', { headers: { 'if-none-match': etag } });
    expect(fromApp.status).toBe(304);
    expect(await ask(both.earlyUrl, '/login', { headers: { 'if-none-match': etag } })).toEqual(fromApp);
  });

  it('leaves every route of the app to the app, and anything unusual', async () => {
    const staticPaths = new Set(
      both.routes
        .filter((route) => route.url !== '/*' && !route.url.startsWith('/api'))
        .map((route) => route.url),
    );
    const appRoutes = both.routes.filter(
      (route) =>
        route.url !== '/*' && !(staticPaths.has(route.url) && existsSync(`${webDistDir}${route.url}`)),
    );
    expect(appRoutes.length).toBeGreaterThan(50);
    const odd = [
      '/api',
      '/api/',
      '/healthz/',
      '/readyz',
      '/metrics',
      '/dev/mailbox',
      '/%6cogin',
      '/login/../api/me',
      '//login',
      '/missing.js',
    ];
    const paths = [
      ...appRoutes.map((route) => route.url.replace(/:[^/]+/g, PROJECT).replace(/\*$/, 'x')),
      ...odd,
    ];
    for (const path of paths) {
      const answered = await answersEarly(both.early, 'GET', path);
      expect(answered, path).toBe(false);
    }
    expect(await answersEarly(both.early, 'POST', '/login')).toBe(false);
    expect(await answersEarly(both.early, 'GET', '/login', { 'x-forwarded-proto': 'https' })).toBe(false);
    expect(await answersEarly(both.early, 'GET', '/login')).toBe(true);
  });
});

describe('early answers when PUBLIC_URL is https', () => {
  it('carry Strict-Transport-Security as the app sends it', async () => {
    const both = await startBoth('https://figgle.example');
    try {
      const fromApp = await ask(both.appUrl, '/login');
      expect(fromApp.headers['strict-transport-security']).toBeDefined();
      expect(await ask(both.earlyUrl, '/login')).toEqual(fromApp);
    } finally {
      both.earlyServer.close();
      await both.app.close();
      await both.database.close();
    }
  });
});

/**
 * Whether the early answers take the request. One they take is ended (the file is read from disk
 * first); one they leave has nothing written to it. What they would send is thrown away.
 */
async function answersEarly(
  early: EarlyAnswer,
  method: string,
  url: string,
  headers: Record<string, string> = {},
) {
  const request = { method, url, headers } as unknown as IncomingMessage;
  let wrote = false;
  let ended!: () => void;
  const end = new Promise<void>((resolve) => {
    ended = resolve;
  });
  const response = {
    setHeader: () => {
      wrote = true;
    },
    end: () => {
      wrote = true;
      ended();
    },
    statusCode: 200,
  } as unknown as ServerResponse;
  const answered = early(request, response);
  if (answered) await end;
  else await new Promise((resolve) => setImmediate(resolve));
  expect(wrote).toBe(answered);
  return answered;
}
