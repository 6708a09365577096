// @database pglite
import { existsSync } from 'node:fs';
import { startTestServer, type TestServer } from '@figgle/test-support/test-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webDistDir } from '../../src/http/web-app.ts';

/**
 * What a browser checks before it offers to install Figgle (Chromium's installability criteria, as
 * Lighthouse lists them): the page links a manifest served as a manifest, with a name, a start
 * address inside its scope, standalone display and PNG icons of 192 and 512 px (one maskable), and
 * a service worker served fresh under the page's policy. Needs the built web app (apps/web/dist).
 */
interface Manifest {
  name?: string;
  short_name?: string;
  start_url?: string;
  scope?: string;
  display?: string;
  icons?: { src: string; sizes: string; type: string; purpose?: string }[];
}

let server: TestServer;
beforeAll(async () => {
  if (!existsSync(`${webDistDir}/index.html`))
    throw new Error('The web app is not built: run `npm run build`.');
  server = await startTestServer({}, { serveWeb: true });
});
afterAll(async () => {
  await server?.close();
});

const get = (path: string) => fetch(`${server.url}${path}`);

/** Width and height of a PNG, from its IHDR chunk; null when the bytes are not a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } | null {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!bytes.subarray(0, 8).equals(signature) || bytes.subarray(12, 16).toString('latin1') !== 'IHDR')
    return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('the installable web app', () => {
  it('links a valid manifest whose icons exist at their stated sizes', async () => {
    const page = await get('/projects');
    const html = await page.text();
    const link = html.match(/<link rel="manifest" href="([^"]+)"/)?.[1];
    expect(link).toBe('/manifest.webmanifest');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).toContain("worker-src 'self'");

    const answer = await get(link!);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/manifest+json');
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    const manifest = (await answer.json()) as Manifest;
    expect(manifest.name).toBe('Figgle');
    expect(manifest.short_name).toBe('Figgle');
    expect(manifest.display).toBe('standalone');
    const scope = new URL(manifest.scope ?? '/', server.url).href;
    expect(new URL(manifest.start_url ?? '', server.url).href.startsWith(scope)).toBe(true);
    expect((await get(manifest.start_url!)).status).toBe(200);

    const icons = manifest.icons ?? [];
    const sizes = icons.filter((icon) => (icon.purpose ?? 'any').includes('any')).map((icon) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(icons.some((icon) => icon.purpose?.includes('maskable') && icon.sizes === '512x512')).toBe(true);
    for (const icon of icons) {
      const file = await get(icon.src);
      expect(file.status, icon.src).toBe(200);
      expect(file.headers.get('content-type')).toBe(icon.type);
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(Buffer.from(await file.arrayBuffer())), icon.src).toEqual({ width, height });
    }
  });

  it('serves the service worker fresh, under the page policy, stamped with the page build', async () => {
    const page = await (await get('/projects')).text();
    const pageBuild = page.match(/<meta name="figgle-build" content="([^"]+)"/)?.[1];
    expect(pageBuild).toMatch(/^[0-9a-f]{16}$/);

    const worker = await get('/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
    // A browser checks the worker at each visit; a cached copy would hide a deploy from it.
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    const csp = worker.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain('sandbox');
    const source = await worker.text();
    expect(source.match(/const BUILD = '([^']+)';/)?.[1]).toBe(pageBuild);
  });

  it('answers an address that is not a file of the build with 404, not the page', async () => {
    for (const path of [
      '/icons/icon-1024.png',
      '/manifest.webmanifest.br',
      '/sw.js/..%2f..%2fpackage.json',
    ]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });
});
