import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { signUpWithOrganization } from '@figgle/test-support/api-users';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { inEachLook } from '../support/looks.ts';
import { keptForOffline, reconnect, reloadOffline } from '../support/offline-copy.ts';
import { createProjectWithTask } from '../support/task-page-setup.ts';

// The offline worker is this file's subject (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

const DEPLOYED = 'deployed0000000';

interface DeployProxy {
  url: string;
  /** From now on the server answers as a new build would: another build name in index.html and sw.js. */
  deploy(): void;
  close(): Promise<void>;
}

/**
 * The worker's server seen through a proxy that can play a deploy: once `deploy()` is called, the
 * page and sw.js it passes on name another build, as after `npm run build` and a restart, without
 * touching apps/web/dist, which the other tests share. Host and Origin are rewritten to the server's
 * own (its host and origin checks); the websocket is piped as it is; validators are dropped so the
 * browser cannot keep the old sw.js through a 304.
 */
async function startDeployProxy(target: string): Promise<DeployProxy> {
  const server = new URL(target);
  let deployed = false;
  const piped = new Set<net.Socket>();
  const rewriteHeaders = (raw: string[]): Record<string, string> => {
    const headers: Record<string, string> = {};
    for (let index = 0; index < raw.length; index += 2) {
      const name = raw[index]!.toLowerCase();
      if (['accept-encoding', 'if-none-match', 'if-modified-since'].includes(name)) continue;
      headers[name] = raw[index + 1]!;
    }
    headers.host = server.host;
    if (headers.origin) headers.origin = server.origin;
    return headers;
  };
  const proxy = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    const upstream = http.request(
      {
        host: server.hostname,
        port: server.port,
        method: request.method,
        path: request.url,
        headers: rewriteHeaders(request.rawHeaders),
      },
      (answer) => {
        const type = String(answer.headers['content-type'] ?? '');
        if (!deployed || !(type.startsWith('text/html') || path === '/sw.js')) {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.concat(chunks)
            .toString('utf8')
            .replace(/(<meta name="figgle-build" content=")[^"]*"/, `$1${DEPLOYED}"`)
            .replace(/const BUILD = '[^']*';/, `const BUILD = '${DEPLOYED}';`);
          const { 'content-length': _length, etag: _etag, ...headers } = answer.headers;
          response.writeHead(answer.statusCode ?? 502, headers);
          response.end(body);
        });
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  proxy.on('upgrade', (request, socket, head) => {
    const upstream = net.connect(Number(server.port), server.hostname, () => {
      const headers = rewriteHeaders(request.rawHeaders);
      const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
      upstream.write(`${request.method} ${request.url} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    piped.add(upstream).add(socket as net.Socket);
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    deploy: () => {
      deployed = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        // A websocket's sockets are no longer the server's connections: ended here.
        for (const socket of piped) socket.destroy();
        proxy.closeAllConnections();
        proxy.close(() => resolve());
      }),
  };
}

const banner = (page: Page) => page.getByRole('status').filter({ hasText: 'You are offline' });
const newVersion = (page: Page) => page.getByRole('status').filter({ hasText: 'New version of Figgle' });
const pageBuild = (page: Page) => page.locator('meta[name="figgle-build"]');

inEachLook('installable app', ({ scheme }) => {
  test('the installed app opens offline on its offline copy, and offers a new build after a deploy', async ({
    page,
    mail,
    baseURL,
  }) => {
    const mo = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Mo',
      lastname: 'Installer',
      organization: `Installable ${scheme}`,
    });
    await createProjectWithTask(page, baseURL, mo.organizationId, {
      project: 'Launch',
      trigram: 'LCH',
      task: 'Write the press release',
    });
    const proxy = await startDeployProxy(baseURL);
    try {
      // The start address of the manifest, as an installed Figgle opens it.
      await page.goto(`${proxy.url}/projects`);
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      const project = page.getByRole('link', { name: /Launch/ }).first();
      await expect(project).toBeVisible();
      await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
      const firstBuild = await pageBuild(page).getAttribute('content');
      expect(firstBuild).toMatch(/^[0-9a-f]{16}$/);

      // The worker installs, takes the page, and keeps the shell: never an API answer, never the
      // signed-in person's session and profile that the page's HTML carried.
      await keptForOffline(page, ['projects']);
      await expect
        .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none'))
        .toBe('activated');
      // The worker of this page's own build: nothing to offer.
      await expect(newVersion(page)).toHaveCount(0);
      const shell = await page.evaluate(async () => {
        const cache = await caches.open('figgle-shell-v1');
        const paths = (await cache.keys()).map((request) => new URL(request.url).pathname);
        return { paths, index: (await (await cache.match('/index.html'))?.text()) ?? '' };
      });
      expect(shell.paths.some((path) => path.startsWith('/assets/'))).toBe(true);
      expect(shell.paths.filter((path) => path.startsWith('/api/'))).toEqual([]);
      expect(shell.index).not.toContain('figgle-first-answers');

      // Opened without network: the shell from the worker, the projects from the offline copy.
      await reloadOffline(page);
      await expect(banner(page)).toBeVisible();
      await expect(project).toBeVisible();
      await expect(pageBuild(page)).toHaveAttribute('content', firstBuild!);
      await reconnect(page);
      await expect(banner(page)).toBeHidden();

      // A deploy.
      proxy.deploy();
      // The next visit (another tab here) opens the new build from the network and needs no prompt;
      // its navigation has the browser check sw.js, find new bytes and install the new worker, which
      // tells every open page its build. The tab left open since before the deploy is told.
      const nextVisit = await page.context().newPage();
      await nextVisit.goto(`${proxy.url}/projects`);
      await expect(pageBuild(nextVisit)).toHaveAttribute('content', DEPLOYED);
      await expect(newVersion(page)).toBeVisible();
      await expect(newVersion(nextVisit)).toHaveCount(0);
      await nextVisit.close();
      await expect(newVersion(page)).toContainText('Reload to use it.');
      // Readable and named in both schemes (contrast, the button's name).
      const { violations } = await new AxeBuilder({ page }).include('.mantine-Notifications-root').analyze();
      expect(
        violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target)}`),
      ).toEqual([]);
      await newVersion(page).getByRole('button', { name: 'Reload' }).click();
      await expect(pageBuild(page)).toHaveAttribute('content', DEPLOYED);
      await expect(project).toBeVisible();
      await expect
        .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none'))
        .toBe('activated');
      await expect(newVersion(page)).toHaveCount(0);
    } finally {
      await proxy.close();
    }
  });
});
