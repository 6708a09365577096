// @database pglite
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { UploadResult } from '@figgle/shared/upload-schemas';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import { startTestServer, type TestServer } from '@figgle/test-support/test-server';
import { startMailCatcher } from '@figgle/test-support/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELDS_FIRST_MESSAGE } from '../../src/features/uploads/read-upload-form.ts';
import { SlowUpload } from '../support/slow-upload.ts';
import { createTaskWorld, type TaskWorld } from '../tasks/task-content-world.ts';

const MAX = 8 * 1024 * 1024;
const KB = 1024;
let server: TestServer;
let mail: MailCatcher;
let world: TaskWorld;
let parent: string;
let dataDir: string;

beforeAll(async () => {
  mail = await startMailCatcher();
  // A data directory the server has to create: it must make it private.
  parent = mkdtempSync(path.join(os.tmpdir(), 'figgle-upload-stream-'));
  dataDir = path.join(parent, 'data');
  server = await startTestServer({ SMTP_URL: mail.url, UPLOAD_MAX_BYTES: String(MAX), DATA_DIR: dataDir });
  world = await createTaskWorld(server, mail);
});
afterAll(async () => {
  await server?.close();
  await mail?.stop();
  rmSync(parent, { recursive: true, force: true });
});

const folder = () => `tasks/${world.taskId}`;
const uploads = () => path.join(dataDir, 'uploads');
const holding = () => path.join(uploads(), '.incoming');
const held = () => (existsSync(holding()) ? readdirSync(holding()) : []);
const storedFiles = () =>
  existsSync(uploads())
    ? readdirSync(uploads(), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.join(entry.parentPath, entry.name))
    : [];
const uploadRows = async () => (await server.deps.db.selectFrom('upload').select('path').execute()).length;

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no ${what} within ${ms} ms`)), ms)),
  ]);
}

async function until(check: () => boolean, what: string): Promise<void> {
  const giveUpAt = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > giveUpAt) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function smallUpload(cookie: string, into: string) {
  const form = new FormData();
  form.set('folder', into);
  form.set('file', new Blob(['a few words']), 'note.txt');
  return fetch(`${server.url}/api/uploads`, {
    method: 'POST',
    headers: { origin: server.url, cookie },
    body: form,
  });
}

describe('the folder is decided before the file is read', () => {
  it('refuses a form that sends the file before its folder, while the file is still arriving', async () => {
    const [files, rows] = [storedFiles(), await uploadRows()];
    const upload = new SlowUpload(server.url, world.ada, {
      before: [],
      after: [['folder', folder()]],
      fileSize: 4 * 1024 * KB,
    });
    upload.sendFile(64 * KB);
    const answer = await within(upload.answer, 5_000, 'answer before the file was sent');
    upload.close();
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(FIELDS_FIRST_MESSAGE);
    expect(answer.sentWhenAnswered).toBeLessThan(128 * KB);
    expect(storedFiles()).toEqual(files);
    expect(await uploadRows()).toBe(rows);
  });

  it("answers 404 to someone outside the folder's organization before their file is read", async () => {
    const upload = new SlowUpload(server.url, world.otto, {
      before: [['folder', folder()]],
      fileSize: 4 * 1024 * KB,
    });
    upload.sendFile(64 * KB);
    const answer = await within(upload.answer, 5_000, 'answer before the file was sent');
    upload.close();
    expect(answer.status).toBe(404);
    expect(answer.sentWhenAnswered).toBeLessThan(128 * KB);
    expect(held()).toEqual([]);
  });
});

describe('the file streams to storage', () => {
  it('is on disk as it arrives, not held whole in memory, and kept private', async () => {
    const size = 3 * 1024 * KB;
    const upload = new SlowUpload(server.url, world.ada, {
      before: [
        ['folder', folder()],
        ['kind', 'file'],
      ],
      fileSize: size,
    });
    upload.sendFile(1024 * KB);
    // Most of the first megabyte is written before the rest of the file was even sent.
    await until(
      () => held().some((name) => statSync(path.join(holding(), name)).size >= 512 * KB),
      'half a megabyte in the holding folder',
    );
    upload.sendFile(size - 1024 * KB);
    upload.finish();
    const answer = await within(upload.answer, 10_000, 'answer');
    upload.close();
    expect(answer.status).toBe(201);
    const result = answer.body as unknown as UploadResult;
    expect(result.size).toBe(size);
    const stored = path.join(uploads(), result.path);
    expect(readFileSync(stored).length).toBe(size);
    expect(held()).toEqual([]);

    // Nobody else on the machine can read it: the data directory the server created, its folders and the file.
    expect(statSync(stored).mode & 0o777).toBe(0o600);
    for (const dir of [dataDir, uploads(), path.dirname(stored)])
      expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it('stops a file past the limit while it streams, without a declared length, and leaves nothing', async () => {
    const [files, rows] = [storedFiles(), await uploadRows()];
    const boundary = 'figgle-boundary';
    const encoder = new TextEncoder();
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(
          encoder.encode(
            `--${boundary}\r\ncontent-disposition: form-data; name="folder"\r\n\r\n${folder()}\r\n` +
              `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="big.bin"\r\n\r\n`,
          ),
        );
      },
      pull(controller) {
        if (sent > 2 * MAX) {
          controller.enqueue(encoder.encode(`\r\n--${boundary}--\r\n`));
          controller.close();
          return;
        }
        sent += 256 * KB;
        controller.enqueue(new Uint8Array(256 * KB));
      },
    });
    const response = await fetch(`${server.url}/api/uploads`, {
      method: 'POST',
      headers: {
        origin: server.url,
        cookie: world.ada.cookie,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toMatch(/too large: the limit is 8 MB/);
    await until(() => held().length === 0, 'the holding folder to empty');
    expect(storedFiles()).toEqual(files);
    expect(await uploadRows()).toBe(rows);
  });
});

describe('uploads at once per person', () => {
  it('allows three running uploads a person, answers 429 beyond, and frees a slot when one ends', async () => {
    const running = Array.from(
      { length: 3 },
      () =>
        new SlowUpload(server.url, world.ada, {
          before: [['folder', folder()]],
          fileSize: 1024 * KB,
          fileName: 'slow.bin',
        }),
    );
    for (const upload of running) upload.sendFile(32 * KB);
    await until(() => held().length === 3, 'three uploads in the holding folder');

    const fourth = await smallUpload(world.ada.cookie, folder());
    expect(fourth.status).toBe(429);
    expect(((await fourth.json()) as { message: string }).message).toMatch(/already sending 3 files/);

    // Someone else is not held back by Ada's uploads.
    const { organization_id: ottoOrganization } = (await (
      await world.otto.api('/api/organizations', { body: { name: 'Otto files' } })
    ).json()) as { organization_id: string };
    expect((await smallUpload(world.otto.cookie, `organizations/${ottoOrganization}`)).status).toBe(201);

    // One finishes: Ada may start another.
    const [first, ...others] = running;
    first!.sendFile(1024 * KB - 32 * KB);
    first!.finish();
    expect((await within(first!.answer, 10_000, 'answer')).status).toBe(201);
    first!.close();
    expect((await smallUpload(world.ada.cookie, folder())).status).toBe(201);

    // The two left are given up by their client: their slots and held bytes go.
    for (const upload of others) upload.close();
    await until(() => held().length === 0, 'the holding folder to empty');
    const again = await Promise.all([0, 1, 2].map(() => smallUpload(world.ada.cookie, folder())));
    expect(again.map((response) => response.status)).toEqual([201, 201, 201]);
  });
});
