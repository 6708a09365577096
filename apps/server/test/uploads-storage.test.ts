import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import type { UploadResult } from '@figgle/shared/upload-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailCatcher } from '../../../e2e/support/mail-catcher.ts';
import { createLocalStorage } from '../src/storage/local-storage.ts';
import { createS3Storage } from '../src/storage/s3-storage.ts';
import { EMPTY_PAYLOAD_HASH, signRequest } from '../src/storage/sigv4.ts';
import { StorageConflictError } from '../src/storage/storage.ts';
import { createTaskWorld } from './task-content-world.ts';
import { startTestServer } from './test-server.ts';
import { startMailCatcher } from './users.ts';

const options = { contentType: 'text/plain', cacheControl: 'private, max-age=3600' };

describe('SigV4 signing', () => {
  it('matches the GET Object example of the S3 documentation', () => {
    const headers = signRequest({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { Range: 'bytes=0-9' },
      payloadHash: EMPTY_PAYLOAD_HASH,
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      date: new Date('2013-05-24T00:00:00Z'),
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

describe('local storage', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'figgle-storage-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('never replaces a stored file', async () => {
    const storage = createLocalStorage(dir);
    await storage.put('tasks/a/1-x.txt', Buffer.from('first'), options);
    await expect(storage.put('tasks/a/1-x.txt', Buffer.from('second'), options)).rejects.toBeInstanceOf(
      StorageConflictError,
    );
    const stored = await storage.get('tasks/a/1-x.txt');
    expect(await text(stored!.body)).toBe('first');
    expect(await storage.get('tasks/a/missing.txt')).toBeNull();
  });

  it('refuses a path that leaves its folder', async () => {
    const storage = createLocalStorage(dir);
    await expect(storage.put('../escape.txt', Buffer.from('x'), options)).rejects.toThrow(/escapes/);
  });
});

/**
 * A stand-in for an S3-compatible store on loopback (no such service runs here): it keeps objects in
 * memory, honours If-None-Match: *, and records what it was sent so the requests can be checked.
 */
function startFakeS3() {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const requests: Array<{ method: string; url: string; headers: http.IncomingHttpHeaders }> = [];
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    requests.push({ method: request.method!, url: request.url!, headers: request.headers });
    const key = request.url!;
    if (!String(request.headers.authorization).startsWith('AWS4-HMAC-SHA256 Credential=key-id/')) {
      response.writeHead(403).end('<Error><Code>AccessDenied</Code></Error>');
    } else if (request.method === 'PUT') {
      if (request.headers['if-none-match'] === '*' && objects.has(key)) {
        response.writeHead(412).end('<Error><Code>PreconditionFailed</Code></Error>');
        return;
      }
      objects.set(key, { body: Buffer.concat(chunks), type: String(request.headers['content-type']) });
      response.writeHead(200).end();
    } else {
      const object = objects.get(key);
      if (!object) response.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
      else
        response
          .writeHead(200, { 'content-type': object.type, 'content-length': object.body.length })
          .end(object.body);
    }
  });
  return new Promise<{ url: string; objects: typeof objects; requests: typeof requests; close: () => void }>(
    (resolve) =>
      server.listen(0, '127.0.0.1', () =>
        resolve({
          url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
          objects,
          requests,
          close: () => server.close(),
        }),
      ),
  );
}

describe('S3-compatible storage', () => {
  let s3: Awaited<ReturnType<typeof startFakeS3>>;
  beforeAll(async () => {
    s3 = await startFakeS3();
  });
  afterAll(() => s3.close());

  const settings = () => ({
    endpoint: s3.url,
    bucket: 'figgle',
    region: 'eu-west-3',
    accessKeyId: 'key-id',
    secretAccessKey: 'secret',
  });

  it('puts with a signature and If-None-Match, reads back, and never overwrites', async () => {
    const storage = createS3Storage(settings());
    await storage.put('tasks/a/1-x.txt', Buffer.from('hello'), options);
    const put = s3.requests.at(-1)!;
    expect(put).toMatchObject({ method: 'PUT', url: '/figgle/tasks/a/1-x.txt' });
    expect(put.headers['if-none-match']).toBe('*');
    expect(put.headers['cache-control']).toBe('private, max-age=3600');
    expect(put.headers['x-amz-content-sha256']).toMatch(/^[0-9a-f]{64}$/);
    expect(put.headers.authorization).toContain('/eu-west-3/s3/aws4_request');
    await expect(storage.put('tasks/a/1-x.txt', Buffer.from('again'), options)).rejects.toBeInstanceOf(
      StorageConflictError,
    );
    expect(await text((await storage.get('tasks/a/1-x.txt'))!.body)).toBe('hello');
    expect(await storage.get('tasks/a/none.txt')).toBeNull();
  });

  it('is what the server uses when S3 settings are given', async () => {
    const mail: MailCatcher = await startMailCatcher();
    const server = await startTestServer({
      SMTP_URL: mail.url,
      S3_ENDPOINT: s3.url,
      S3_BUCKET: 'figgle',
      S3_REGION: 'eu-west-3',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    try {
      const world = await createTaskWorld(server, mail);
      const form = new FormData();
      form.set('folder', `tasks/${world.taskId}`);
      form.set('file', new Blob(['remote notes']), 'notes.txt');
      const response = await fetch(`${server.url}/api/uploads`, {
        method: 'POST',
        headers: { origin: server.url, cookie: world.ada.cookie },
        body: form,
      });
      expect(response.status).toBe(201);
      const result = (await response.json()) as UploadResult;
      expect(s3.objects.get(`/figgle/${result.path}`)?.body.toString()).toBe('remote notes');
      const served = await fetch(`${server.url}${result.url}`, { headers: { cookie: world.ada.cookie } });
      expect(await served.text()).toBe('remote notes');
      expect(served.headers.get('content-disposition')).toBe('attachment; filename="notes.txt"');
    } finally {
      await server.close();
      await mail.stop();
    }
  });
});
