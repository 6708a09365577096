/**
 * With FIGGLE_WRITE_TIMINGS=1 every write request (any method but GET, HEAD and OPTIONS) prints when
 * each hop of its way ended, one line per write, for bench/realtime.ts to turn into a per-hop
 * breakdown of the live path: the request read, the command's commit, the commit on disk and on the
 * bus, the fan-out's frames queued, then written to every socket, and the answer sent. The time is
 * the wall clock (ms since the epoch, as start-timings.ts) so the bench's own stamps line up with it.
 *
 * Off by default, and then a mark costs one check: the hops are followed with an AsyncLocalStorage
 * (the bus and the fan-out run in the async context of the request that published), which is only
 * created when printing. Events of several writes leaving in one outbox flush are credited to the
 * write that scheduled it: the breakdown is meant for writes one after another.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What starts each timing line (bench/support/write-hops.ts reads them). */
export const WRITE_TIMING_PREFIX = 'FIGGLE_WRITE_TIMING ';
/** A write whose fan-out has not ended this long after its answer is printed without it. */
const PRINT_AFTER_ANSWER_MS = 200;

/** The hops, in the order a write passes them; each is noted the first time it is reached. */
export type WriteStep =
  /** The request's head was read (Fastify's onRequest). */
  | 'request'
  /** Its body was read and checked; the handler starts. */
  | 'handler'
  /** The signed-in user is known (requireUser). */
  | 'signed in'
  /** The command's write returned: committed. */
  | 'committed'
  /** The bus delivers its event to this process's hub: after the flush to disk on PGlite. */
  | 'published'
  /** The fan-out left its first frame in the outbox. */
  | 'queued'
  /** The outbox starts writing to the sockets. */
  | 'sending'
  /** The outbox wrote to the last socket. */
  | 'sent'
  /** The answer was written (Fastify's onResponse). */
  | 'answered';

interface WriteTrace {
  method: string;
  url: string;
  steps: Partial<Record<WriteStep, number>>;
  printed: boolean;
}

const printing = process.env.FIGGLE_WRITE_TIMINGS === '1';
const traces = printing ? new AsyncLocalStorage<WriteTrace>() : undefined;
const now = () => performance.timeOrigin + performance.now();

function print(trace: WriteTrace): void {
  if (trace.printed) return;
  trace.printed = true;
  const steps = Object.fromEntries(
    Object.entries(trace.steps).map(([step, at]) => [step, Math.round(at * 1000) / 1000]),
  );
  console.log(`${WRITE_TIMING_PREFIX}${JSON.stringify({ method: trace.method, url: trace.url, steps })}`);
}

function note(trace: WriteTrace, step: WriteStep): void {
  if (trace.printed || trace.steps[step] !== undefined) return;
  trace.steps[step] = now();
  if (trace.steps.answered !== undefined && trace.steps.sent !== undefined) print(trace);
}

/** Notes that the write being handled in this async context reached `step`. */
export function markWriteStep(step: WriteStep): void {
  if (!traces) return;
  const trace = traces.getStore();
  if (trace) note(trace, step);
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Follows every write request when FIGGLE_WRITE_TIMINGS=1; does nothing otherwise. */
export function installWriteTimings(app: FastifyInstance): void {
  const storage = traces;
  if (!storage) return;
  const byRequest = new WeakMap<FastifyRequest, WriteTrace>();
  app.addHook('onRequest', (request, _reply, done) => {
    if (!READS.has(request.method)) {
      const trace: WriteTrace = { method: request.method, url: request.url, steps: {}, printed: false };
      note(trace, 'request');
      byRequest.set(request, trace);
    }
    done();
  });
  // The body arrives in the socket's own async context, so the request's is entered here, after it.
  app.addHook('preHandler', (request, _reply, done) => {
    const trace = byRequest.get(request);
    if (!trace) return done();
    note(trace, 'handler');
    storage.run(trace, done);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    const trace = byRequest.get(request);
    if (trace) {
      note(trace, 'answered');
      setTimeout(() => print(trace), PRINT_AFTER_ANSWER_MS).unref();
    }
    done();
  });
}
