// @database pglite
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStaticFile, sendStaticFile } from './static-files.ts';

const SCRIPT = 'console.log("figgle");\n'.repeat(100);
let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'figgle-static-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets/app-abc.js'), SCRIPT);
  writeFileSync(path.join(dir, 'assets/app-abc.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(dir, 'assets/app-abc.js.gz'), gzipSync(SCRIPT));
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg/>');
  app = Fastify();
  app.get('/*', async (request, reply) => {
    const file = await readStaticFile(dir, request.url.split('?')[0] ?? '/');
    return file ? sendStaticFile(request, reply, file) : reply.callNotFound();
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('the built web app served from disk', () => {
  it('sends the brotli copy to a browser that takes it, with its type and a year of caching for assets', async () => {
    const response = await get('/assets/app-abc.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toBe('accept-encoding');
    expect(response.rawPayload.equals(brotliCompressSync(SCRIPT))).toBe(true);
  });

  it('falls back to gzip, then to the plain bytes, and honours q=0', async () => {
    expect((await get('/assets/app-abc.js', { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBe(
      'gzip',
    );
    const refused = await get('/assets/app-abc.js', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(SCRIPT);
    const plain = await get('/assets/app-abc.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('answers 304 to a matching If-None-Match, and files outside assets are checked each time', async () => {
    const first = await get('/favicon.svg');
    expect(first.headers['content-type']).toBe('image/svg+xml');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.vary).toBeUndefined();
    const again = await get('/favicon.svg', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('serves a rebuild at once: a new file, and a changed one under a new tag', async () => {
    expect((await get('/assets/later.js')).statusCode).toBe(404);
    writeFileSync(path.join(dir, 'assets/later.js'), 'later();');
    const later = await get('/assets/later.js');
    expect(later.statusCode).toBe(200);
    expect(later.body).toBe('later();');
    const before = await get('/favicon.svg');
    writeFileSync(path.join(dir, 'favicon.svg'), '<svg viewBox="0 0 1 1"/>');
    const after = await get('/favicon.svg', { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.body).toBe('<svg viewBox="0 0 1 1"/>');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('answers nothing outside the build, nor a folder', async () => {
    writeFileSync(path.join(path.dirname(dir), `${path.basename(dir)}-secret.txt`), 'secret');
    for (const url of [
      `/../${path.basename(dir)}-secret.txt`,
      `/%2e%2e/${path.basename(dir)}-secret.txt`,
      '/assets',
      '/assets/app-abc.js%00',
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
    rmSync(path.join(path.dirname(dir), `${path.basename(dir)}-secret.txt`));
  });

  it('answers HEAD with the headers only, and knows no file it was not given', async () => {
    const head = await app.inject({ method: 'HEAD', url: '/assets/app-abc.js' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect((await get('/assets/other.js')).statusCode).toBe(404);
    expect((await get('/assets/app-abc.js.br')).statusCode).toBe(404);
  });
});
