// @database pglite
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { SharedFrame } from './shared-frame.ts';
import { WsRealtimeSocket } from './ws-socket.ts';

let server: WebSocketServer | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(null));
  server = undefined;
});

/** A real `ws` server on loopback, its first socket as the hub sees it, and a real client. */
async function connected(options: { perMessageDeflate: boolean }) {
  server = new WebSocketServer({ host: '127.0.0.1', port: 0, ...options });
  await new Promise((resolve) => server!.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  const accepted = new Promise<WebSocket>((resolve) => server!.once('connection', resolve));
  const client = new WebSocket(`ws://127.0.0.1:${port}`, options);
  const received: string[] = [];
  client.on('message', (data: Buffer, isBinary: boolean) =>
    received.push(isBinary ? 'binary!' : data.toString()),
  );
  await new Promise((resolve) => client.once('open', resolve));
  return { socket: new WsRealtimeSocket(await accepted), client, received };
}

/** Waits for the check, up to 10 s: a busy machine can take a while over 400 KB of frames. */
async function until(check: () => boolean) {
  for (let i = 0; i < 2_000 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
}

// The three length encodings of RFC 6455 §5.2: 7 bits, 16 bits (126), 64 bits (127).
const texts = [0, 125, 126, 65_535, 65_536, 200_000].map(
  (length) => 'é'.repeat(Math.floor(length / 2)) + 'x'.repeat(length % 2),
);

describe('a websocket as the hub uses it', () => {
  it.each([false, true])(
    'delivers shared frames of every length and its own frames as text, in order (compression %s)',
    async (perMessageDeflate) => {
      const { socket, client, received } = await connected({ perMessageDeflate });
      const expected: string[] = [];
      for (const [index, text] of texts.entries()) {
        socket.sendShared(SharedFrame.of(text));
        socket.sendText(`own ${index}`);
        expected.push(text, `own ${index}`);
      }
      await until(() => received.length === expected.length);
      expect(received).toEqual(expected);
      client.close();
    },
  );

  it('frames a shared frame once, however many sockets write it', () => {
    const frame = SharedFrame.of('{"type":"event"}');
    expect(frame.wire).toBe(frame.wire);
    expect(frame.text).toBe('{"type":"event"}');
  });
});
