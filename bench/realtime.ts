/**
 * Live-update benchmark: the real Figgle server process, real websockets (`ws`), real HTTP.
 *   node --import tsx bench/realtime.ts
 *   BENCH_DATABASE_URL=postgresql://figgle:figgle@127.0.0.1:5432/figgle_test node --import tsx bench/realtime.ts
 * Measures, on PGlite and (with BENCH_DATABASE_URL) on PostgreSQL: with 200 subscribed clients, the time
 * from client A's status change to the event at every other client, p50/p99 over 200 changes; and the
 * server's RSS with 1,000 idle sockets.
 */
import { performance } from 'node:perf_hooks';
import { topics } from '@figgle/shared/realtime-protocol';
import type WebSocket from 'ws';
import { type Defer, runBench } from './support/cleanup.ts';
import {
  type BenchDatabase,
  benchDatabases,
  createProjectWithTasks,
  expectStatus,
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
import { reportFigure } from './support/report.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 200);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 200);
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

async function measureLatency(
  url: string,
  changer: Member,
  others: Member[],
  taskId: string,
  topic: string,
  sockets: WebSocket[],
): Promise<Deliveries> {
  const result: Deliveries = { lastReached: [], each: [], spread: [], answers: [] };
  let expectedVersion = 0;
  let sentAt = 0;
  let firstAt = 0;
  let pending = 0;
  let wake: () => void = () => {};
  const marker = `"id":"${taskId}"`;
  for (let i = 0; i < CLIENTS; i++) {
    const member = i === 0 ? changer : others[i % others.length]!;
    const ws = await openSocket(url, member.cookie, (text, at) => {
      if (i === 0 || !text.startsWith('{"type":"event"') || !text.includes(marker)) return;
      if (!text.includes(`"version":${expectedVersion},`)) return;
      result.each.push(at - sentAt);
      if (pending === CLIENTS - 1) firstAt = at;
      pending -= 1;
      if (pending === 0) {
        result.lastReached.push(at - sentAt);
        result.spread.push(at - firstAt);
        wake();
      }
    });
    await subscribe(ws, topic);
    sockets.push(ws);
  }

  let version = ((await (await changer.api(`/api/tasks/${taskId}`)).json()) as { version: number }).version;
  for (let change = 0; change < CHANGES; change++) {
    expectedVersion = version + 1;
    pending = CLIENTS - 1;
    const delivered = new Promise<void>((resolve) => {
      wake = resolve;
    });
    sentAt = performance.now();
    const answer = (await expectStatus(
      changer.api(`/api/tasks/${taskId}`, { method: 'PATCH', body: { status: STATUSES[(change + 1) % 4] } }),
      200,
    )) as { version: number };
    result.answers.push(performance.now() - sentAt);
    version = answer.version;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      delivered,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`change ${change}: ${pending} clients missed it`)), 10_000);
      }),
    ]).finally(() => clearTimeout(timer));
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

  const d = await measureLatency(server.url, changer, others, taskIds[0]!, topic, sockets);
  console.log(
    `Status change → event at every other client (${CLIENTS} clients, ${CHANGES} changes, ${d.each.length} deliveries)`,
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
