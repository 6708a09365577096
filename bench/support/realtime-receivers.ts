/**
 * A share of bench/realtime.ts's listening clients, in a worker thread of their own. Hundreds of
 * clients on one thread take their frames one after another, so the last client's time measured the
 * bench's own loop as much as the server; real clients are browsers on their own machines. Each
 * arrival is stamped on the shared clock (timeOrigin + now) before anything else.
 */
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import type WebSocket from 'ws';
import { carriesEvents, openSocket, subscribe } from './realtime-clients.ts';

export interface ReceiversData {
  url: string;
  cookies: string[];
  topic: string;
  taskId: string;
}

/** From the bench: arm for the next version (answered 'armed'), or close. */
export type ToReceivers = { type: 'expect'; version: number } | { type: 'close' };
/** To the bench: 'delivered' once every socket of this worker has the version, with each arrival. */
export type FromReceivers =
  | { type: 'ready' }
  | { type: 'armed'; version: number }
  | { type: 'delivered'; version: number; arrivals: number[] };

const port = parentPort;
if (!port) throw new Error('realtime-receivers runs as a worker thread');
const { url, cookies, topic, taskId } = workerData as ReceiversData;
const post = (message: FromReceivers) => port.postMessage(message);
const marker = Buffer.from(`"id":"${taskId}"`);
let expected = Buffer.alloc(0);
let version = -1;
let arrivals: number[] = [];

const sockets: WebSocket[] = [];
for (const cookie of cookies) {
  const ws = await openSocket(url, cookie, (bytes, at) => {
    if (version < 0 || !bytes.includes(marker)) return;
    if (!carriesEvents(bytes)) return;
    if (!bytes.includes(expected)) return;
    arrivals.push(performance.timeOrigin + at);
    if (arrivals.length === cookies.length) {
      post({ type: 'delivered', version, arrivals });
      version = -1;
    }
  });
  await subscribe(ws, topic);
  sockets.push(ws);
}

port.on('message', (message: ToReceivers) => {
  if (message.type === 'expect') {
    version = message.version;
    expected = Buffer.from(`"version":${version},`);
    arrivals = [];
    post({ type: 'armed', version });
  } else {
    for (const ws of sockets) ws.terminate();
    port.close();
  }
});
post({ type: 'ready' });
