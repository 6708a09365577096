// @database pglite
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import type { UploadResult } from '@figgle/shared/upload-schemas';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import { startTestServer } from '@figgle/test-support/test-server';
import { startMailCatcher } from '@figgle/test-support/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../src/storage/local-storage.ts';
import { createS3Storage } from '../../src/storage/s3-storage.ts';
import { EMPTY_PAYLOAD_HASH, signRequest } from '../../src/storage/sigv4.ts';
import { type Storage, StorageConflictError } from '../../src/storage/storage.ts';
import { createTaskWorld } from '../tasks/task-content-world.ts';

const options = { contentType: 'text/plain', cacheControl: 'private, max-age=3600' };

async function put(storage: Storage, where: string, body: string | Buffer): Promise<void> {
  const file = await storage.receive(Readable.from([Buffer.from(body)]));
  await file.keep(where, options);
}

/** A body that fails after its first chunk, as an upload cut off or past its limit does. */
function failingBody(first: Buffer, error: Error): Readable {
  return Readable.from(
    (async function* () {
      yield first;
      throw error;
    })(),
  );
}

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

  const holding = () => readdirSync(path.join(dir, 'uploads', '.incoming'));

  it('never replaces a stored file', async () => {
    const storage = createLocalStorage(dir);
    await put(storage, 'tasks/a/1-x.txt', 'first');
    await expect(put(storage, 'tasks/a/1-x.txt', 'second')).rejects.toBeInstanceOf(StorageConflictError);
    const stored = await storage.get('tasks/a/1-x.txt');
    expect(await text(stored!.body)).toBe('first');
    expect(await storage.get('tasks/a/missing.txt')).toBeNull();
    expect(holding()).toEqual([]);
  });

  it('refuses a path that leaves its folder, or reaches into the holding folder', async () => {
    const storage = createLocalStorage(dir);
    await expect(put(storage, '../escape.txt', 'x')).rejects.toThrow(/escapes/);
    await expect(put(storage, '.incoming/x.txt', 'x')).rejects.toThrow(/escapes/);
    expect(holding()).toEqual([]);
  });

  it('writes a file as it streams in, keeps it 0600 in 0700 folders, and leaves nothing of a failed one', async () => {
    const storage = createLocalStorage(dir);
    const received = await storage.receive(Readable.from([Buffer.alloc(300_000, 'a'), Buffer.from('end')]));
    expect(received.size).toBe(300_003);
    // Held off every path until kept.
    expect(await storage.get('tasks/b/1-big.txt')).toBeNull();
    await received.keep('tasks/b/1-big.txt', options);
    const stored = path.join(dir, 'uploads', 'tasks/b/1-big.txt');
    expect(statSync(stored).size).toBe(300_003);
    expect(statSync(stored).mode & 0o777).toBe(0o600);
    for (const folder of ['uploads', 'uploads/tasks', 'uploads/tasks/b', 'uploads/.incoming'])
      expect(statSync(path.join(dir, folder)).mode & 0o777).toBe(0o700);

    await expect(storage.receive(failingBody(Buffer.alloc(1000), new Error('cut off')))).rejects.toThrow(
      'cut off',
    );
    const discarded = await storage.receive(Readable.from([Buffer.from('never kept')]));
    await discarded.discard();
    expect(holding()).toEqual([]);
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
    const body = Buffer.concat(chunks);
    if (!String(request.headers.authorization).startsWith('AWS4-HMAC-SHA256 Credential=key-id/')) {
      response.writeHead(403).end('<Error><Code>AccessDenied</Code></Error>');
    } else if (
      request.method === 'PUT' &&
      (request.headers['x-amz-content-sha256'] !== createHash('sha256').update(body).digest('hex') ||
        Number(request.headers['content-length']) !== body.length)
    ) {
      // As S3 does: the signed hash and the length must be those of the body received.
      response.writeHead(400).end('<Error><Code>XAmzContentSHA256Mismatch</Code></Error>');
    } else if (request.method === 'PUT') {
      if (request.headers['if-none-match'] === '*' && objects.has(key)) {
        response.writeHead(412).end('<Error><Code>PreconditionFailed</Code></Error>');
        return;
      }
      objects.set(key, { body, type: String(request.headers['content-type']) });
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
    await put(storage, 'tasks/a/1-x.txt', 'hello');
    const sent = s3.requests.at(-1)!;
    expect(sent).toMatchObject({ method: 'PUT', url: '/figgle/tasks/a/1-x.txt' });
    expect(sent.headers['if-none-match']).toBe('*');
    expect(sent.headers['cache-control']).toBe('private, max-age=3600');
    expect(sent.headers['x-amz-content-sha256']).toMatch(/^[0-9a-f]{64}$/);
    expect(sent.headers.authorization).toContain('/eu-west-3/s3/aws4_request');
    await expect(put(storage, 'tasks/a/1-x.txt', 'again')).rejects.toBeInstanceOf(StorageConflictError);
    expect(await text((await storage.get('tasks/a/1-x.txt'))!.body)).toBe('hello');
    expect(await storage.get('tasks/a/none.txt')).toBeNull();
  });

  it('streams a large file through a temporary file, with its length and hash signed, and removes it', async () => {
    const storage = createS3Storage(settings());
    const chunks = Array.from({ length: 40 }, (_, i) => Buffer.alloc(64 * 1024, i));
    const spools = () => readdirSync(os.tmpdir()).filter((name) => name.startsWith('figgle-s3-upload-'));
    const before = spools();
    const received = await storage.receive(Readable.from(chunks));
    expect(received.size).toBe(40 * 64 * 1024);
    const temporary = spools().filter((name) => !before.includes(name));
    expect(temporary).toHaveLength(1);
    const where = `tasks/a/${randomUUID()}-big.bin`;
    await received.keep(where, options);
    expect(s3.requests.at(-1)!.headers['content-length']).toBe(String(40 * 64 * 1024));
    expect(s3.objects.get(`/figgle/${where}`)?.body.equals(Buffer.concat(chunks))).toBe(true);
    for (const name of temporary) expect(readdirSync(os.tmpdir())).not.toContain(name);
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
