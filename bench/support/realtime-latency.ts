/**
 * One timed series of bench/realtime.ts: client A changes a task through the real API, one change at a
 * time, and every other client stamps the event's arrival. The listening clients run in worker threads
 * (support/realtime-receivers.ts), A's changes go through a lean HTTP client.
 */
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type WebSocket from 'ws';
import { leanJsonClient } from './lean-http.ts';
import { type Member, openSocket, sleep, subscribe } from './realtime-clients.ts';
import type { FromReceivers, ReceiversData, ToReceivers } from './realtime-receivers.ts';

export interface Deliveries {
  /** Each change: from A's request to the event at the last of the other clients. */
  lastReached: number[];
  /** Each delivery to each client. */
  each: number[];
  /** Each change: from the first client reached to the last (the fan-out itself). */
  spread: number[];
  /** A's own HTTP answer, for reference. */
  answers: number[];
  /** Each counted change: when A sent it and when the last client had it (wall clock, ms). */
  changes: Array<{ sentAt: number; firstAt: number; lastAt: number }>;
}

/** A's request for the change numbered `change` (from 0, warm-up changes included). */
export type ChangeRequest = (change: number) => { method: string; path: string; body: unknown };

export interface LatencySeries {
  url: string;
  changer: Member;
  others: Member[];
  /** Clients on the topic, A's own socket included. */
  clients: number;
  receiverThreads: number;
  taskId: string;
  topic: string;
  changes: number;
  /** Changes made first and not counted. */
  warmup: number;
  request: ChangeRequest;
  /** Sockets opened here, closed by the caller. */
  sockets: WebSocket[];
}

/** One worker thread of listening clients (support/realtime-receivers.ts), and its messages awaited by type. */
function startReceivers(data: ReceiversData) {
  // A worker does not inherit tsx's loader: it registers it before importing the TypeScript entry.
  const entry = new URL('./realtime-receivers.ts', import.meta.url).href;
  const worker = new Worker(
    `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`,
    { eval: true, workerData: data },
  );
  const waiting = new Set<{
    match: (message: FromReceivers) => boolean;
    settle: (message: FromReceivers) => void;
  }>();
  let failure: unknown;
  const fail = (error: unknown) => {
    failure = error;
    for (const waiter of waiting) waiter.settle({ type: 'ready' });
  };
  worker.on('message', (message: FromReceivers) => {
    for (const waiter of [...waiting]) {
      if (!waiter.match(message)) continue;
      waiting.delete(waiter);
      waiter.settle(message);
    }
  });
  worker.on('error', fail);
  worker.on('exit', (code) => {
    if (code !== 0) fail(new Error(`receivers worker exited with ${code}`));
  });
  function next<Type extends FromReceivers['type']>(
    type: Type,
    version?: number,
  ): Promise<Extract<FromReceivers, { type: Type }>> {
    return new Promise((resolve, reject) => {
      if (failure) return reject(failure);
      waiting.add({
        match: (message) =>
          message.type === type &&
          (version === undefined || !('version' in message) || message.version === version),
        settle: (message) =>
          failure ? reject(failure) : resolve(message as Extract<FromReceivers, { type: Type }>),
      });
    });
  }
  const ready = next('ready');
  return {
    ready,
    next,
    post: (message: ToReceivers) => worker.postMessage(message),
    stop: async () => {
      worker.postMessage({ type: 'close' } satisfies ToReceivers);
      await Promise.race([new Promise((resolve) => worker.once('exit', resolve)), sleep(5_000)]);
      await worker.terminate();
    },
  };
}

const now = () => performance.timeOrigin + performance.now();

export async function measureLatency(series: LatencySeries): Promise<Deliveries> {
  const { url, changer, others, clients, receiverThreads, taskId, topic } = series;
  const result: Deliveries = { lastReached: [], each: [], spread: [], answers: [], changes: [] };
  // A's own socket listens like the others; its own events are not counted.
  const own = await openSocket(url, changer.cookie);
  await subscribe(own, topic);
  series.sockets.push(own);
  const shares: string[][] = Array.from({ length: receiverThreads }, () => []);
  for (let i = 1; i < clients; i++) shares[i % receiverThreads]!.push(others[i % others.length]!.cookie);
  const receivers = shares
    .filter((cookies) => cookies.length > 0)
    .map((cookies) => startReceivers({ url, cookies, topic, taskId }));
  const client = leanJsonClient(url, { origin: url, cookie: changer.cookie });
  try {
    await Promise.all(receivers.map((receiver) => receiver.ready));
    let version = ((await (await changer.api(`/api/tasks/${taskId}`)).json()) as { version: number }).version;
    for (let change = -series.warmup; change < series.changes; change++) {
      const expected = version + 1;
      for (const receiver of receivers) receiver.post({ type: 'expect', version: expected });
      await Promise.all(receivers.map((receiver) => receiver.next('armed', expected)));
      const delivered = Promise.all(receivers.map((receiver) => receiver.next('delivered', expected)));
      const { method, path, body } = series.request(change + series.warmup);
      const sentAt = now();
      const answer = await client.send(method, path, body);
      const answeredAt = now();
      if (answer.status !== 200) throw new Error(`change ${change}: ${answer.status} ${answer.body}`);
      version = (JSON.parse(answer.body) as { version: number }).version;
      if (version !== expected) throw new Error(`change ${change}: version ${version}, not ${expected}`);
      let timer: NodeJS.Timeout | undefined;
      const reports = await Promise.race([
        delivered,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`change ${change}: some clients missed it`)), 10_000);
        }),
      ]).finally(() => clearTimeout(timer));
      if (change < 0) continue;
      result.answers.push(answeredAt - sentAt);
      const arrivals = reports.flatMap((report) => report.arrivals).sort((x, y) => x - y);
      const first = arrivals[0]!;
      const last = arrivals.at(-1)!;
      result.changes.push({ sentAt, firstAt: first, lastAt: last });
      result.each.push(...arrivals.map((at) => at - sentAt));
      result.lastReached.push(last - sentAt);
      result.spread.push(last - first);
    }
  } finally {
    client.close();
    await Promise.all(receivers.map((receiver) => receiver.stop()));
  }
  for (const list of [result.lastReached, result.each, result.spread, result.answers])
    list.sort((x, y) => x - y);
  return result;
}
