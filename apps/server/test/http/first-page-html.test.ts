// @database pglite
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import { startTestServer, type TestServer } from '@figgle/test-support/test-server';
import { createUser, startMailCatcher, type TestUser } from '@figgle/test-support/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBuildManifest } from '../../src/http/build-manifest.ts';
import { FIRST_PAGE_MODULES } from '../../src/http/first-page-preloads.ts';
import { webDistDir } from '../../src/http/web-app.ts';

/**
 * A landing page asked with a valid session carries that session's user and profile in its HTML
 * (http/first-answers.ts) and announces its code and data (http/first-page-preloads.ts). The
 * embedded answers must be escaped against script injection, only ever the requesting session's
 * own, and such a page must never be kept by a cache. Needs the built web app (apps/web/dist).
 */
const HOSTILE_NAME = '</script><script>alert(1)</script><!--';
const ANSWERS = /<script type="application\/json" id="figgle-first-answers">([\s\S]*?)<\/script>/;

let server: TestServer;
let mail: MailCatcher;
let ann: TestUser;
let bob: TestUser;
beforeAll(async () => {
  if (!existsSync(`${webDistDir}/index.html`))
    throw new Error('The web app is not built: run `npm run build`.');
  mail = await startMailCatcher();
  server = await startTestServer({ SMTP_URL: mail.url }, { serveWeb: true });
  ann = await createUser(server, mail, { firstname: HOSTILE_NAME, lastname: 'Ann' });
  bob = await createUser(server, mail, { firstname: 'Bob', lastname: 'Builder' });
});
afterAll(async () => {
  await server?.close();
  await mail?.stop();
});

const board = `/project/${randomUUID()}/kanban`;
const page = (path: string, cookie?: string) =>
  fetch(`${server.url}${path}`, { headers: cookie ? { cookie } : {} });

function answersIn(html: string): { session: Record<string, unknown>; me: Record<string, unknown> } | null {
  const found = html.match(ANSWERS);
  return found ? JSON.parse(found[1]!) : null;
}

describe("a landing page with the session's first answers", () => {
  it("carries the signed-in person's own session and profile, escaped, never cached", async () => {
    const response = await page(board, ann.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('etag')).toBeNull();
    const html = await response.text();
    // The hostile name cannot end the data element or open a script: no raw angle bracket of it.
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain(HOSTILE_NAME);
    expect(html.match(/<\/script>/g)?.length).toBe((html.match(/<script/g) ?? []).length);
    const answers = answersIn(html);
    expect(answers?.me).toMatchObject({ email: ann.email, firstname: HOSTILE_NAME, lastname: 'Ann' });
    expect(answers?.session).toMatchObject({ user: { email: ann.email } });
    // The same answers the API gives.
    expect(answers?.me).toEqual(await (await ann.api('/api/me')).json());
    // Never the session's secret: the token of the httpOnly cookie is not in the page.
    const token = decodeURIComponent(ann.cookie.match(/session_token=([^.;]+)/)![1]!);
    expect(html).not.toContain(token);
    expect(JSON.stringify(answers?.session)).not.toContain('token');
  });

  it("gives each session its own person's answers only", async () => {
    const html = await (await page(board, bob.cookie)).text();
    expect(answersIn(html)?.me).toMatchObject({ email: bob.email, firstname: 'Bob' });
    expect(html).not.toContain(ann.email);
  });

  it('announces the code and the data, and not the session reads it carries', async () => {
    const link = (await page(board, ann.cookie)).headers.get('link') ?? '';
    expect(link).not.toContain('/api/auth/get-session');
    expect(link).not.toContain('</api/me>');
    expect(link).toContain(
      `<${board.replace('/kanban', '').replace('/project/', '/api/projects/')}/tasks?shape=compact>`,
    );
    const manifestText = readFileSync(`${webDistDir}/.vite/manifest.json`, 'utf8');
    // Every page module the table names is in the build: a renamed one would silently lose its preload.
    const built = JSON.parse(manifestText) as Record<string, unknown>;
    for (const module of FIRST_PAGE_MODULES) expect(built[module], module).toBeDefined();
    const manifest = parseBuildManifest(manifestText);
    const { entry, page: chunks } = manifest.chunksOf(FIRST_PAGE_MODULES);
    const entryScript = entry.find((file) => file.endsWith('.js'))!;
    expect(link.indexOf(`</${entryScript}>; rel=modulepreload`)).toBeGreaterThanOrEqual(0);
    // The entry before the data, the data before the page's own chunks.
    expect(link.indexOf(entryScript)).toBeLessThan(link.indexOf('/tasks?shape=compact>'));
    const boardChunk = chunks.find((file) => /\/board-[^/]*\.js$/.test(file))!;
    expect(link.indexOf(`</${boardChunk}>; rel=preload; as=script`)).toBeGreaterThan(
      link.indexOf('/tasks?shape=compact>'),
    );
  });

  it('is the plain page without a session, with a forged or an ended one, and off the landing pages', async () => {
    const plain = await (await page('/login')).text();
    const signedOut = await createUser(server, mail, { firstname: 'Cid', lastname: 'Gone' });
    const ended = await signedOut.api('/api/auth/sign-out', { method: 'POST', body: {} });
    expect(ended.status).toBe(200);
    for (const [path, cookie] of [
      [board, undefined],
      [board, 'figgle.session_token=forged.c2lnbmF0dXJl'],
      [board, signedOut.cookie],
      ['/settings/profile', ann.cookie],
      ['/login', ann.cookie],
    ] as const) {
      const response = await page(path, cookie);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(answersIn(html), `${path} with ${cookie}`).toBeNull();
      expect(html, `${path} with ${cookie}`).toBe(plain);
      expect(html).not.toContain(ann.email);
    }
  });
});
