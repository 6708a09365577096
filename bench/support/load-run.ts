/**
 * The load run of issue 10, shared by bench/load.ts (full size, the real server process) and
 * apps/server/test/realtime/load.test.ts (small size, in `npm test`): many websockets listening to one
 * organization's topics while clients write tasks at a steady rate for a while. Writes are fired on a
 * fixed schedule whatever the answers take (an open loop), as independent people would.
 */
import { performance } from 'node:perf_hooks';
import type WebSocket from 'ws';
import {
  carriesEvents,
  occurrences,
  openSocket,
  percentile,
  sleep,
  startsWith,
  subscribe,
} from './realtime-clients.ts';

const ERROR = Buffer.from('{"type":"error"');
const TASK_UPDATED = Buffer.from('"kind":"task","action":"updated"');

interface LoadClient {
  cookie: string;
  api(pathname: string, init?: { method?: string; body?: unknown }): Promise<Response>;
}

export interface LoadPlan {
  url: string;
  /**
   * The sessions the sockets are opened with (round robin): enough of them for the server's caps of
   * sockets per session and per person (socketSessions).
   */
  sessions: Array<{ cookie: string; address?: string | undefined }>;
  /** Who writes (round robin). */
  writers: LoadClient[];
  /** The topics every socket subscribes to: the organization's projects and the project's tasks. */
  topics: string[];
  /** The tasks written to (round robin); they must belong to the project whose tasks topic is listened to. */
  taskIds: string[];
  sockets: number;
  seconds: number;
  writesPerSecond: number;
  /** Called about once a second while writing (the bench samples the server's memory). */
  onTick?: () => void;
}

export interface LoadResult {
  writes: number;
  /** Failed writes (not 200, or no answer) and sockets that closed or failed during the run. */
  errors: number;
  errorSamples: string[];
  /** Write latencies in ms, sorted. */
  latencies: number[];
  /** Every successful write reaches every socket: that many task events are expected. */
  expectedEvents: number;
  receivedEvents: number;
  /** Sockets that did not receive every event. */
  socketsShort: number;
  /** The achieved write rate (writes fired per second of the schedule). */
  achievedRate: number;
}

const SETTLE_MS = 15_000;

export async function runLoad(plan: LoadPlan): Promise<LoadResult> {
  const errorSamples: string[] = [];
  let errors = 0;
  const fail = (message: string) => {
    errors += 1;
    if (errorSamples.length < 10) errorSamples.push(message);
  };

  const received = new Array<number>(plan.sockets).fill(0);
  const sockets: WebSocket[] = [];
  let running = true;
  try {
    for (let i = 0; i < plan.sockets; i++) {
      const session = plan.sessions[i % plan.sessions.length]!;
      const ws = await openSocket(
        plan.url,
        session.cookie,
        (bytes) => {
          // Byte searches, not JSON.parse: the clients share this process with what they measure. An
          // `events` frame carries several events.
          if (carriesEvents(bytes)) {
            received[i]! += occurrences(bytes, TASK_UPDATED);
          } else if (startsWith(bytes, ERROR)) {
            fail(`socket ${i}: ${bytes.subarray(0, 200).toString()}`);
          }
        },
        session.address,
      ).catch((error: unknown) => {
        throw new Error(
          `socket ${i} of ${plan.sockets} (session ${i % plan.sessions.length}): ${String(error)}`,
        );
      });
      ws.on('close', (code) => {
        if (running) fail(`socket ${i} closed (${code})`);
      });
      for (const topic of plan.topics) await subscribe(ws, topic);
      sockets.push(ws);
    }

    const total = Math.round(plan.seconds * plan.writesPerSecond);
    const interval = 1000 / plan.writesPerSecond;
    const latencies: number[] = [];
    const inFlight: Promise<void>[] = [];
    // Each writer is a browser: at most six requests at a time to one server.
    const maxInFlight = plan.writers.length * 6;
    let pending = 0;
    let freed: (() => void) | undefined;
    let succeeded = 0;
    const started = performance.now();
    let nextTick = started + 1000;
    for (let n = 0; n < total; n++) {
      const due = started + n * interval;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      if (plan.onTick && performance.now() >= nextTick) {
        nextTick += 1000;
        plan.onTick();
      }
      while (pending >= maxInFlight) await new Promise<void>((resolve) => (freed = resolve));
      const writer = plan.writers[n % plan.writers.length]!;
      const taskId = plan.taskIds[n % plan.taskIds.length]!;
      const sentAt = performance.now();
      pending += 1;
      inFlight.push(
        writer
          .api(`/api/tasks/${taskId}`, { method: 'PATCH', body: { title: `Load write ${n}` } })
          .then(
            async (answer) => {
              await answer.arrayBuffer();
              if (answer.status === 200) {
                latencies.push(performance.now() - sentAt);
                succeeded += 1;
              } else {
                fail(`write ${n}: ${answer.status}`);
              }
            },
            (error: unknown) => fail(`write ${n}: ${describeFailure(error)}`),
          )
          .finally(() => {
            pending -= 1;
            freed?.();
          }),
      );
    }
    const achievedRate = total / ((performance.now() - started) / 1000);
    await Promise.all(inFlight);
    plan.onTick?.();

    const expectedEvents = succeeded * plan.sockets;
    const sum = () => received.reduce((a, b) => a + b, 0);
    let last = -1;
    let lastChange = performance.now();
    while (sum() < expectedEvents && performance.now() - lastChange < SETTLE_MS) {
      if (sum() !== last) {
        last = sum();
        lastChange = performance.now();
      }
      await sleep(50);
    }
    latencies.sort((x, y) => x - y);
    return {
      writes: total,
      errors,
      errorSamples,
      latencies,
      expectedEvents,
      receivedEvents: sum(),
      socketsShort: received.filter((count) => count < succeeded).length,
      achievedRate,
    };
  } finally {
    running = false;
    for (const ws of sockets) ws.terminate();
  }
}

/** fetch says only "fetch failed"; the reason (a reset, a refused connection, a timeout) is its cause. */
function describeFailure(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  return cause === undefined ? String(error) : `${String(error)} (${String(cause)})`;
}

export function describeLoad(result: LoadResult): string {
  return [
    `${result.writes} writes at ${result.achievedRate.toFixed(0)}/s: ${result.errors} errors`,
    `write p50 ${percentile(result.latencies, 50).toFixed(1)} ms, p99 ${percentile(result.latencies, 99).toFixed(1)} ms, max ${(result.latencies.at(-1) ?? Number.NaN).toFixed(1)} ms`,
    `events received ${result.receivedEvents.toLocaleString('en')} of ${result.expectedEvents.toLocaleString('en')} (${result.socketsShort} sockets short)`,
    ...result.errorSamples.map((sample) => `  error: ${sample}`),
  ].join('\n');
}
