/**
 * Live-update benchmark: the real Figgle server process, real websockets (`ws`), real HTTP.
 *   node --import tsx bench/realtime.ts
 *   BENCH_DATABASE_URL=postgresql://figgle:figgle@127.0.0.1:5432/figgle_test node --import tsx bench/realtime.ts
 * Measures, on PGlite and (with BENCH_DATABASE_URL) on PostgreSQL: with 200 subscribed clients, the time
 * from client A's status change to the event at every other client, p50/p99 over 200 changes (after 50
 * warm-up changes that are not counted); and the
 * server's RSS with 1,000 idle sockets. The listening clients run in BENCH_RECEIVER_THREADS worker
 * threads (all cores but one by default, support/realtime-receivers.ts), A's changes go through a
 * lean HTTP client.
 */
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { topics } from '@figgle/shared/realtime-protocol';
import type WebSocket from 'ws';
import { type Defer, runBench } from './support/cleanup.ts';
import { leanJsonClient } from './support/lean-http.ts';
import { waitForQuietMachine } from './support/quiet-machine.ts';
import {
  type BenchDatabase,
  benchDatabases,
  createProjectWithTasks,
  type Member,
  mb,
  ms,
  openSocket,
  percentile,
  rssOf,
  sleep,
  startWorld,
  subscribe,
} from './support/realtime-clients.ts';
import type { FromReceivers, ReceiversData, ToReceivers } from './support/realtime-receivers.ts';
import { reportFigure } from './support/report.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 200);
/**
 * Worker threads the listening clients are spread over (support/realtime-receivers.ts): all cores but
 * one, which is left to the server. On this 2-core machine a second receiver thread competed with the
 * server's own fan-out and doubled the p99 it measured (17 ms against 11-13 ms with one).
 */
const RECEIVER_THREADS = Number(
  process.env.BENCH_RECEIVER_THREADS ?? Math.max(1, availableParallelism() - 1),
);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 200);
/**
 * Changes made first and not counted: the server's and the clients' code runs unoptimized at first
 * (the first dozens of changes took 2-4× as long), and the figure is about a server that has been up.
 */
const WARMUP_CHANGES = Number(process.env.BENCH_WARMUP_CHANGES ?? 50);
const IDLE_SOCKETS = Number(process.env.BENCH_IDLE_SOCKETS ?? 1000);
const MEMBERS = 10;
const STATUSES = ['TODO', 'DOING', 'DONE', 'ARCHIVE'] as const;
const LATENCY_TARGET_MS = 15;
const RSS_TARGET_MB = 300;

interface Deliveries {
  /** Each change: from A's request to the event at the last of the other clients. */
  lastReached: number[];
  /** Each delivery to each client. */
  each: number[];
  /** Each change: from the first client reached to the last (the fan-out itself). */
  spread: number[];
  /** A's own HTTP answer, for reference. */
  answers: number[];
}

/** One worker thread of listening clients (support/realtime-receivers.ts), and its messages awaited by type. */
function startReceivers(data: ReceiversData) {
  // A worker does not inherit tsx's loader: it registers it before importing the TypeScript entry.
  const entry = new URL('./support/realtime-receivers.ts', import.meta.url).href;
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

async function measureLatency(
  url: string,
  changer: Member,
  others: Member[],
  taskId: string,
  topic: string,
  sockets: WebSocket[],
): Promise<Deliveries> {
  const result: Deliveries = { lastReached: [], each: [], spread: [], answers: [] };
  // A's own socket listens like the others; its own events are not counted.
  const own = await openSocket(url, changer.cookie);
  await subscribe(own, topic);
  sockets.push(own);
  const shares: string[][] = Array.from({ length: RECEIVER_THREADS }, () => []);
  for (let i = 1; i < CLIENTS; i++) shares[i % RECEIVER_THREADS]!.push(others[i % others.length]!.cookie);
  const receivers = shares
    .filter((cookies) => cookies.length > 0)
    .map((cookies) => startReceivers({ url, cookies, topic, taskId }));
  const client = leanJsonClient(url, { origin: url, cookie: changer.cookie });
  try {
    await Promise.all(receivers.map((receiver) => receiver.ready));
    let version = ((await (await changer.api(`/api/tasks/${taskId}`)).json()) as { version: number }).version;
    for (let change = -WARMUP_CHANGES; change < CHANGES; change++) {
      const expected = version + 1;
      for (const receiver of receivers) receiver.post({ type: 'expect', version: expected });
      await Promise.all(receivers.map((receiver) => receiver.next('armed', expected)));
      const delivered = Promise.all(receivers.map((receiver) => receiver.next('delivered', expected)));
      const sentAt = now();
      const answer = await client.send('PATCH', `/api/tasks/${taskId}`, {
        status: STATUSES[(change + WARMUP_CHANGES + 1) % 4],
      });
      const answeredAt = now();
      if (answer.status !== 200) throw new Error(`change ${change}: ${answer.status} ${answer.body}`);
      version = (JSON.parse(answer.body) as { version: number }).version;
      let timer: NodeJS.Timeout | undefined;
      const reports = await Promise.race([
        delivered,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`change ${change}: some clients missed it`)), 10_000);
        }),
      ]).finally(() => clearTimeout(timer));
      if (change < 0) continue;
      result.answers.push(answeredAt - sentAt);
      const arrivals = reports
        .flatMap((report) => report.arrivals.map((at) => at - sentAt))
        .sort((x, y) => x - y);
      result.each.push(...arrivals);
      result.lastReached.push(arrivals.at(-1)!);
      result.spread.push(arrivals.at(-1)! - arrivals[0]!);
    }
  } finally {
    client.close();
    await Promise.all(receivers.map((receiver) => receiver.stop()));
  }
  for (const list of Object.values(result)) list.sort((x: number, y: number) => x - y);
  return result;
}

async function runOn(defer: Defer, database: BenchDatabase): Promise<void> {
  const { server, members, organizationId } = await startWorld(defer, database, MEMBERS);
  const sockets: WebSocket[] = [];
  defer(() => {
    for (const ws of sockets) ws.terminate();
  });
  const [changer, ...others] = members as [Member, ...Member[]];
  const { projectId, taskIds } = await createProjectWithTasks(changer, organizationId, 1);
  const topic = topics.tasks(projectId);
  console.log(`\n== ${database.label} (Node ${process.version}) ==`);

  // Measured on an idle machine, not in what earlier benchmarks left running (PostgreSQL's autovacuum
  // after the board's thousands of moves, a server still collecting garbage).
  await waitForQuietMachine();
  const d = await measureLatency(server.url, changer, others, taskIds[0]!, topic, sockets);
  console.log(
    `Status change → event at every other client (${CLIENTS} clients, ${CHANGES} changes after ${WARMUP_CHANGES} not counted, ${d.each.length} deliveries)`,
  );
  console.log(
    `  last client reached:  p50 ${ms(percentile(d.lastReached, 50))}   p99 ${ms(percentile(d.lastReached, 99))}   (target p99 ≤ ${LATENCY_TARGET_MS} ms)`,
  );
  console.log(
    `  per delivery:         p50 ${ms(percentile(d.each, 50))}   p99 ${ms(percentile(d.each, 99))}   max ${ms(d.each.at(-1)!)}`,
  );
  console.log(
    `  first to last client: p50 ${ms(percentile(d.spread, 50))}   p99 ${ms(percentile(d.spread, 99))}   (the fan-out itself)`,
  );
  console.log(
    `  A's own HTTP answer:  p50 ${ms(percentile(d.answers, 50))}   p99 ${ms(percentile(d.answers, 99))}`,
  );
  const p99 = percentile(d.lastReached, 99);
  reportFigure({
    figure: `realtime: status change → event at all ${CLIENTS} clients, ${database.label}, p99 (${CHANGES} changes)`,
    target: `≤ ${LATENCY_TARGET_MS} ms`,
    measured: `${ms(p99)} (p50 ${ms(percentile(d.lastReached, 50))})`,
    pass: p99 <= LATENCY_TARGET_MS,
  });

  for (const ws of sockets.splice(0)) ws.close();
  await sleep(500);
  const before = rssOf(server.pid);
  for (let i = 0; i < IDLE_SOCKETS; i++) {
    const ws = await openSocket(server.url, members[i % members.length]!.cookie);
    await subscribe(ws, topic);
    sockets.push(ws);
  }
  await sleep(2_000);
  const after = rssOf(server.pid);
  console.log(`Server memory with ${IDLE_SOCKETS} idle sockets (each subscribed to the board)`);
  console.log(
    `  RSS before: ${mb(before)}   with sockets: ${mb(after)}   per socket: ${((after - before) / IDLE_SOCKETS / 1024).toFixed(1)} KB   (target ≤ ${RSS_TARGET_MB} MB)`,
  );
  reportFigure({
    figure: `realtime: server RSS with ${IDLE_SOCKETS.toLocaleString('en')} idle sockets, ${database.label}`,
    target: `≤ ${RSS_TARGET_MB} MB`,
    measured: mb(after),
    pass: after <= RSS_TARGET_MB * 1024 * 1024,
  });
  for (const ws of sockets.splice(0)) ws.terminate();
  await server.stop();
}

runBench(async (defer) => {
  for await (const database of benchDatabases(defer)) await runOn(defer, database);
});
