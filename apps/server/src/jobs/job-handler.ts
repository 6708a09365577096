import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../clock/clock.ts';
import type { Database } from '../db/schema.ts';
import type { Env } from '../env.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { ServerMetrics } from '../metrics/server-metrics.ts';
import type { HostLookup } from '../net/host-lookup.ts';
import type { Bus } from '../realtime/bus.ts';
import type { ClaimedJob } from './job-queue.ts';

/**
 * What a job's handler is given: app-types.ts's `AppDeps` by name (that file stands above jobs/ and
 * is not imported from here, docs/decisions/0020-server-folders-in-one-direction.md), and the log.
 */
export type JobDeps = {
  db: Kysely<Database>;
  env: Env;
  bus: Bus;
  mailer: Mailer;
  clock: Clock;
  hostLookup?: HostLookup;
  log: { warn(object: object, message: string): void; error(object: object, message: string): void };
  /** Resolves once the commits made so far are on disk (the embedded database's group commit). */
  durable?: () => Promise<void>;
  /**
   * Counts each run's outcome by kind and each webhook try (GET /metrics); absent for workers a test
   * starts by hand.
   */
  metrics?: Pick<ServerMetrics, 'jobFinished' | 'webhookDelivered'>;
};

interface JobContext {
  deps: JobDeps;
  job: ClaimedJob;
  /** Marks the job done inside the handler's last transaction, so its result and "done" commit together. */
  completeIn(trx: Transaction<Database>): Promise<void>;
  /** Tries in all: a failure on this attempt number fails the job for good, passing or not. */
  maxAttempts: number;
}

/**
 * One kind of background work. `run` resolves when the work is done (the worker then marks the job
 * done if the handler did not); it throws to try again later (judged by jobs/job-errors.ts), a
 * PermanentJobError to fail for good, or DeferJob to wait without using up an attempt.
 */
export interface JobHandler {
  kind: string;
  run(context: JobContext): Promise<void>;
  /** After the job was marked failed for good: tell whoever should know. */
  failedForGood?(deps: JobDeps, job: ClaimedJob): Promise<void>;
}
