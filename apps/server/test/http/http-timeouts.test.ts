// @database pglite
import { existsSync, readdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import { startTestServer, type TestServer } from '@figgle/test-support/test-server';
import { startMailCatcher } from '@figgle/test-support/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { TestSocket } from '../realtime/realtime-socket.ts';
import { SlowUpload } from '../support/slow-upload.ts';
import { createTaskWorld, type TaskWorld } from '../tasks/task-content-world.ts';

// Short timeouts, so that a client that stops sending is seen being cut off within the test.
const REQUEST_TIMEOUT_MS = 500;
const UPLOAD_TIMEOUT_MS = 2_000;
/** Node checks its timeouts at an interval: room for it and a busy machine. */
const SLACK_MS = 1_500;

let server: TestServer;
let mail: MailCatcher;
let world: TaskWorld;

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({
    SMTP_URL: mail.url,
    REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    UPLOAD_TIMEOUT_MS: String(UPLOAD_TIMEOUT_MS),
  });
  world = await createTaskWorld(server, mail);
});
afterAll(async () => {
  await server?.close();
  await mail?.stop();
});

/** A raw connection that writes what it is given and records what comes back until the server closes it. */
function rawConnection(firstBytes: string) {
  const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1');
  socket.on('error', () => {});
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString('latin1')));
  const openedAt = Date.now();
  socket.write(firstBytes);
  const closed = new Promise<{ afterMs: number; received: string }>((resolve) =>
    socket.once('close', () => resolve({ afterMs: Date.now() - openedAt, received })),
  );
  return { socket, closed };
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} within ${ms} ms`)), ms)),
  ]);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const holding = () => path.join(server.env.DATA_DIR, 'uploads', '.incoming');
const held = () => (existsSync(holding()) ? readdirSync(holding()) : []);

describe('a client that stops sending is cut off', () => {
  it('closes a connection whose headers never end, with 408', async () => {
    const { closed } = rawConnection('POST /api/organizations HTTP/1.1\r\nhost: 127.0.0.1\r\n');
    const { afterMs, received } = await within(closed, REQUEST_TIMEOUT_MS + SLACK_MS, 'no close');
    expect(afterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
    expect(received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('answers 408 to a JSON body that stops halfway, and closes the connection', async () => {
    const { closed } = rawConnection(
      'POST /api/organizations HTTP/1.1\r\nhost: 127.0.0.1\r\n' +
        `origin: ${server.url}\r\ncookie: ${world.ada.cookie}\r\n` +
        'content-type: application/json\r\ncontent-length: 100\r\n\r\n{"name":',
    );
    const { afterMs, received } = await within(closed, REQUEST_TIMEOUT_MS + SLACK_MS, 'no close');
    expect(afterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
    expect(received).toMatch(/^HTTP\/1\.1 408/);
    expect(received).toMatch(/connection: close/i);
    expect(received).toContain('"code":"request_timeout"');
  });

  it('gives an upload the longer upload timeout, then cuts off one that stalls and keeps nothing of it', async () => {
    const folder = `tasks/${world.taskId}`;
    const slow = new SlowUpload(server.url, world.ada, { before: [['folder', folder]], fileSize: 64 * 1024 });
    slow.sendFile(16 * 1024);
    // Past the request timeout, an upload still arriving is let be.
    await sleep(REQUEST_TIMEOUT_MS + 500);
    slow.sendFile(48 * 1024);
    slow.finish();
    expect((await within(slow.answer, 5_000, 'no answer')).status).toBe(201);
    slow.close();

    const stalled = new SlowUpload(server.url, world.ada, {
      before: [['folder', folder]],
      fileSize: 64 * 1024,
    });
    const startedAt = Date.now();
    stalled.sendFile(16 * 1024);
    await within(stalled.closed, UPLOAD_TIMEOUT_MS + SLACK_MS, 'no close');
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(UPLOAD_TIMEOUT_MS - 100);
    expect((await stalled.answer).status).toBe(408);
    await expect.poll(held).toEqual([]);
  });

  it('leaves a websocket open past every timeout', async () => {
    const socket = await TestSocket.open(server.url, { cookie: world.ada.cookie, origin: server.url });
    await sleep(UPLOAD_TIMEOUT_MS + SLACK_MS);
    expect(socket.ws.readyState).toBe(WebSocket.OPEN);
    const pong = new Promise<void>((resolve) => socket.ws.once('pong', () => resolve()));
    socket.ws.ping();
    await within(pong, 2_000, 'no pong');
    socket.ws.close();
  });
});
