import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { ServerMetrics } from '../metrics/server-metrics.ts';
import type { AppInstance } from './app-instance.ts';

const BEARER = /^Bearer +(\S+) *$/i;

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Compared as digests of equal length, so neither the time taken nor an early length mismatch tells
 * a guesser how much of the token was right.
 */
function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const token = BEARER.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(token), expected);
}

/**
 * Counts every answer by the route pattern it matched (`/api/tasks/:taskId`, never the address
 * asked for: ids and junk paths would make a series each), its method and status, and times it.
 * Addresses no route matched count as `unmatched`. Installed on the root, before the routes.
 */
export function installRequestMetrics(app: AppInstance, metrics: ServerMetrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpRequests.inc({ method: request.method, route, status: String(reply.statusCode) });
    metrics.httpDuration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });
}

/** The states read from the job table: done jobs are left out (see readJobs). */
const JOB_STATES = ['pending', 'running', 'failed'] as const;

interface JobRow {
  kind: string;
  state: string;
  jobs: number;
  oldest_due_seconds: number | null;
}

/**
 * Jobs waiting, running and failed for good, over every server (the table is shared), with how long
 * the oldest due job has waited. Done jobs are left out: the table keeps them a month and counting
 * them would read it whole at every scrape; figgle_job_runs_total counts them as they finish. Each
 * part reads one state, so each uses that state's partial index of migration 0008.
 */
async function readJobs(app: AppInstance, metrics: ServerMetrics, kinds: readonly string[]): Promise<void> {
  const { rows } = await sql<JobRow>`
    SELECT kind, 'pending' AS state, count(*)::int AS jobs,
      extract(epoch FROM now() - min(run_at) FILTER (WHERE run_at <= now()))::float8 AS oldest_due_seconds
    FROM job WHERE state = 'pending' GROUP BY kind
    UNION ALL
    SELECT kind, 'running', count(*)::int, NULL FROM job WHERE state = 'running' GROUP BY kind
    UNION ALL
    SELECT kind, 'failed', count(*)::int, NULL FROM job WHERE state = 'failed' GROUP BY kind
  `.execute(app.deps.db);
  // Every kind this server runs shows, at 0 when it has no job of a state (a dashboard then draws a
  // line at 0, not a gap); another kind (left by an older version) shows only while it has jobs.
  metrics.jobs.reset();
  metrics.oldestDueJob.reset();
  for (const kind of kinds) {
    for (const state of JOB_STATES) metrics.jobs.set({ kind, state }, 0);
    metrics.oldestDueJob.set({ kind }, 0);
  }
  for (const row of rows) {
    metrics.jobs.set({ kind: row.kind, state: row.state }, row.jobs);
    if (row.state === 'pending') metrics.oldestDueJob.set({ kind: row.kind }, row.oldest_due_seconds ?? 0);
  }
}

function readConnections(app: AppInstance, metrics: ServerMetrics): void {
  const counts = app.deps.database.connections();
  metrics.poolConnections.set({ state: 'in_use' }, counts.total - counts.idle);
  metrics.poolConnections.set({ state: 'idle' }, counts.idle);
  metrics.poolWaiting.set(counts.waiting);
  metrics.poolMax.set(counts.max);
}

/**
 * GET /metrics, Prometheus text, for the operator's scraper only: it exists when METRICS_TOKEN is
 * set and the request carries it as a bearer token. Otherwise it answers exactly as an unknown
 * address does (404), so nobody learns it is there. A session cookie or an API token opens nothing:
 * the API token check (auth/api-token-auth.ts) and its rate limit apply to /api routes only, and this
 * route reads no session. Hidden from the OpenAPI description, which is for API clients.
 */
export function metricsRoutes(
  metrics: ServerMetrics,
  openSockets: () => number,
  /** The job kinds this server has handlers for (app.ts): each shows in figgle_jobs, at 0 when none. */
  jobKinds: readonly string[],
) {
  return async function registerMetrics(app: AppInstance): Promise<void> {
    const token = app.deps.env.METRICS_TOKEN;
    const expected = token === undefined ? null : digest(token);

    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (expected === null || !bearerMatches(request.headers.authorization, expected))
        return reply.callNotFound();
      metrics.socketsOpen.set(openSockets());
      readConnections(app, metrics);
      try {
        await readJobs(app, metrics, jobKinds);
      } catch (error) {
        // The rest of the page still tells what the server itself sees; /readyz says why.
        request.log.warn({ err: error }, 'metrics: the job table could not be read');
        metrics.jobs.reset();
        metrics.oldestDueJob.reset();
      }
      reply.header('content-type', metrics.registry.contentType);
      reply.header('cache-control', 'no-store');
      return metrics.registry.metrics();
    });
  };
}
