import { randomUUID } from 'node:crypto';
import { FigmaAuthorizationBroken } from '../figma/errors.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { backgroundWork } from './background-work.ts';
import { dueJobKinds, laneHasDueJobs } from './due-job-kinds.ts';
import { DeferJob, judgeFailure } from './job-errors.ts';
import type { JobDeps, JobHandler } from './job-handler.ts';
import { IMPORT_JOB, WEBHOOK_DELIVERY_JOB } from './job-kinds.ts';
import {
  backoffMs,
  type ClaimedJob,
  claimJobs,
  completeJob,
  failJob,
  pruneFinishedJobs,
  releaseOrphanedJobs,
  renewLeases,
  retryJobLater,
} from './job-queue.ts';
import { onJobEnqueued } from './wake.ts';

/**
 * A share of the worker with its own slots: a kind of work that can wait long on the outside (a
 * webhook receiver that never answers, an import of a large file) takes only its own lane's slots,
 * never those of emails and Figma deliveries.
 */
interface WorkerLane {
  name: string;
  /** The kinds this lane runs; absent: every kind no other lane names. */
  kinds?: readonly string[];
  /** Jobs of this lane worked on at once by this process. */
  concurrency: number;
  /** Jobs of one organization in flight in this lane, over every server (job-queue.ts claimJobs). */
  perOrganization: number;
}

export interface WorkerOptions {
  /** The lanes' slots together are the jobs worked on at once by this process. */
  lanes: WorkerLane[];
  /** How often an idle worker looks for due jobs stored by other processes or retried. */
  pollMs: number;
  /** A claim not renewed for this long is taken to be a dead worker's, and is claimed again. */
  leaseMs: number;
  /** Tries before a job that keeps failing for passing reasons fails for good (about 1.5 h of tries). */
  maxAttempts: number;
  /** The embedded database has one process: running jobs at start are a dead process's. */
  releaseAtStart: boolean;
  handlers: JobHandler[];
}

/**
 * Webhook deliveries wait on receivers people run (up to WEBHOOK_TIMEOUT_MS each) and imports parse
 * and write large files: each has its own lane. Within a lane one organization has at most half the
 * slots, so another organization's work always finds one (docs/decisions/0001-durable-jobs.md).
 */
const DEFAULT_LANES: WorkerLane[] = [
  { name: 'webhooks', kinds: [WEBHOOK_DELIVERY_JOB], concurrency: 4, perOrganization: 2 },
  { name: 'imports', kinds: [IMPORT_JOB], concurrency: 1, perOrganization: 1 },
  { name: 'other', concurrency: 4, perOrganization: 2 },
];

export const DEFAULT_WORKER_OPTIONS: Omit<WorkerOptions, 'releaseAtStart' | 'handlers'> = {
  lanes: DEFAULT_LANES,
  pollMs: 1_000,
  leaseMs: 10_000,
  maxAttempts: 12,
};

/** A passing failure never waits longer than a day, whatever Retry-After says. */
const LONGEST_WAIT_MS = 24 * 60 * 60 * 1000;
/** How often Figma work of an organization whose Figma authorization is broken looks again. */
const BROKEN_FIGMA_RECHECK_MS = 5 * 60 * 1000;
/** Changes heard on the bus within this long make one look for due jobs. */
const BUS_NUDGE_MS = 100;
/** How often finished jobs past their keeping time are deleted. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;
/** How long a stop waits for jobs in flight; past it, their leases hand them to the next worker. */
const STOP_WAIT_MS = 2_500;

export interface JobWorker {
  start(): void;
  stop(): Promise<void>;
}

/**
 * Claims due jobs (job-queue.ts) in short statements, runs each with its handler outside any
 * transaction, and records the outcome: done, again later with exponential backoff, or failed for good.
 */
export function createJobWorker(deps: JobDeps, options: WorkerOptions): JobWorker {
  const workerId = `${process.pid}-${randomUUID()}`;
  const handlers = new Map(options.handlers.map((handler) => [handler.kind, handler]));
  const inFlight = new Map<string, Promise<void>>();
  const named = options.lanes.flatMap((lane) => lane.kinds ?? []);
  const lanes = options.lanes.map((lane) => ({
    name: lane.name,
    concurrency: lane.concurrency,
    running: 0,
    scope: {
      perOrganization: lane.perOrganization,
      ...(lane.kinds ? { kinds: lane.kinds } : { exceptKinds: named }),
    },
  }));
  let stopping = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  let woken = false;
  let heartbeat: NodeJS.Timeout | null = null;
  let unsubscribe = () => {};

  const nudge = () => {
    woken = true;
    wake?.();
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken || stopping) {
        woken = false;
        resolve();
        return;
      }
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        woken = false;
        resolve();
      }
      wake = done;
    });

  async function run(job: ClaimedJob): Promise<void> {
    const handler = handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for jobs of kind ${job.kind}`);
      // Nothing leaves for Figma before the job and its claim are on disk: a crash then runs it again
      // rather than forgetting what was already sent.
      await deps.durable?.();
      await handler.run({
        deps,
        job,
        completeIn: (trx) => completeJob(trx, job, workerId),
        maxAttempts: options.maxAttempts,
      });
      await completeJob(deps.db, job, workerId);
      deps.metrics?.jobFinished(job.kind, 'done');
    } catch (error) {
      await recordFailure(job, error).catch((recordError: unknown) =>
        deps.log.error({ err: recordError, jobId: job.jobId }, 'job outcome not recorded'),
      );
    }
  }

  async function recordFailure(job: ClaimedJob, error: unknown): Promise<void> {
    if (error instanceof DeferJob) {
      await retryJobLater(deps.db, job, workerId, error.delayMs, null, false);
      deps.metrics?.jobFinished(job.kind, 'deferred');
      return;
    }
    if (error instanceof FigmaAuthorizationBroken) {
      // Waits for an owner to reconnect Figma, its reason kept for people, without using an attempt.
      await retryJobLater(deps.db, job, workerId, BROKEN_FIGMA_RECHECK_MS, error.message, false);
      deps.metrics?.jobFinished(job.kind, 'deferred');
      return;
    }
    const verdict = judgeFailure(error);
    const context = { jobId: job.jobId, kind: job.kind, attempt: job.attempts, reason: verdict.reason };
    if (verdict.permanent || job.attempts >= options.maxAttempts) {
      deps.log.warn({ ...context, err: error }, 'job failed for good');
      await failJob(deps.db, job, workerId, verdict.reason);
      deps.metrics?.jobFinished(job.kind, 'failed');
      await handlers.get(job.kind)?.failedForGood?.(deps, job);
      return;
    }
    deps.log.warn({ ...context, err: error }, 'job failed, trying again later');
    const delay = Math.min(Math.max(backoffMs(job.attempts), verdict.notBeforeMs ?? 0), LONGEST_WAIT_MS);
    await retryJobLater(deps.db, job, workerId, delay, verdict.reason);
    deps.metrics?.jobFinished(job.kind, 'retry');
  }

  async function claimAndRun(): Promise<void> {
    if (options.releaseAtStart) {
      const released = await releaseOrphanedJobs(deps.db);
      if (released > 0) deps.log.warn({ released }, 'jobs left running by a stopped process are due again');
    }
    let prunedAt = 0;
    while (!stopping) {
      if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
        prunedAt = Date.now();
        await pruneFinishedJobs(deps.db).catch((error: unknown) =>
          deps.log.error({ err: error }, 'finished jobs not pruned'),
        );
      }
      let anotherLook = false;
      // One short read says which lanes have work; most looks find none and claim nothing.
      let due: ReadonlySet<string> | undefined;
      try {
        due = await dueJobKinds(deps.db, deps.clock.aheadMs());
      } catch (error) {
        if (!stopping) deps.log.error({ err: error }, 'due jobs could not be read');
      }
      for (const lane of lanes) {
        const free = lane.concurrency - lane.running;
        if (free <= 0 || stopping || !due || !laneHasDueJobs(lane.scope, due)) continue;
        let claimed: ClaimedJob[] = [];
        try {
          claimed = await claimJobs(
            deps.db,
            workerId,
            free,
            options.leaseMs,
            deps.clock.aheadMs(),
            lane.scope,
          );
        } catch (error) {
          if (!stopping) deps.log.error({ err: error, lane: lane.name }, 'jobs could not be claimed');
        }
        for (const job of claimed) {
          lane.running += 1;
          const running = run(job).finally(() => {
            lane.running -= 1;
            inFlight.delete(job.jobId);
            nudge();
          });
          inFlight.set(job.jobId, running);
        }
        // A full claim may have left more due jobs behind: look again at once.
        if (claimed.length > 0 && claimed.length === free) anotherLook = true;
      }
      if (anotherLook) continue;
      await sleep(options.pollMs);
    }
  }

  return {
    start() {
      if (loop) return;
      const unsubscribeEnqueued = onJobEnqueued(deps.db, nudge);
      // A change heard on the bus (from this server or, on PostgreSQL, another) may have queued jobs
      // in its transaction through a trigger (a webhook delivery, a notification email): look soon
      // rather than at the next poll. Bursts of changes make one look.
      let soon: NodeJS.Timeout | null = null;
      const unsubscribeBus = deps.bus.subscribe(() => {
        if (soon) return;
        soon = setTimeout(() => {
          soon = null;
          nudge();
        }, BUS_NUDGE_MS);
        soon.unref();
      });
      unsubscribe = () => {
        unsubscribeEnqueued();
        unsubscribeBus();
        if (soon) clearTimeout(soon);
      };
      loop = backgroundWork
        .run(true, claimAndRun)
        .catch((error: unknown) => deps.log.error({ err: error }, 'job worker stopped'));
      heartbeat = setInterval(() => {
        renewLeases(deps.db, workerId, [...inFlight.keys()], options.leaseMs).catch((error: unknown) =>
          deps.log.error({ err: error }, 'job leases not renewed'),
        );
      }, options.leaseMs / 4);
      heartbeat.unref();
    },
    async stop() {
      stopping = true;
      unsubscribe();
      nudge();
      await loop;
      const waited = Promise.all(inFlight.values()).then(() => true);
      const timeout = new Promise<boolean>((resolve) =>
        setTimeout(() => resolve(false), STOP_WAIT_MS).unref(),
      );
      if (!(await Promise.race([waited, timeout]))) {
        deps.log.warn(
          { jobs: inFlight.size },
          'stopping with jobs in flight: their leases will hand them on',
        );
      }
      if (heartbeat) clearInterval(heartbeat);
    },
  };
}

/**
 * Starts this process's worker, with the handlers app.ts gives it (each feature's own), when the app
 * is ready and stops it first thing on close.
 */
export function jobWorkerPlugin(handlers: JobHandler[]) {
  return async function jobWorker(app: AppInstance): Promise<void> {
    const worker = createJobWorker(
      { ...app.deps, log: app.log, durable: app.deps.database.durable },
      { ...DEFAULT_WORKER_OPTIONS, handlers, releaseAtStart: app.deps.database.kind === 'pglite' },
    );
    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());
  };
}
