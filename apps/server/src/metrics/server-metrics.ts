import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** How a job's run ended (jobs/worker.ts): done, tried again later, failed for good, or put off. */
export type JobOutcome = 'done' | 'retry' | 'failed' | 'deferred';

/** Why a sign-in step was refused: the credential was wrong, or too many attempts came first. */
export type SignInFailure = 'refused' | 'too_many_attempts';

/** What became of one try to deliver an outgoing webhook (the delivery log's outcome). */
export type WebhookOutcome = 'succeeded' | 'retrying' | 'failed';

/** What a try got back: the answer's status class, no answer in time, none at all, or no try made. */
interface WebhookAnswer {
  statusCode: number | null;
  timedOut: boolean;
  /** The address was refused before connecting (it resolves somewhere private). */
  blocked?: boolean;
  durationMs: number;
}

/**
 * What Figgle did with a delivery Figma sent it: stored as a job, a PING answered, answered and
 * dropped (another event type, a file nothing links), refused (unknown webhook or wrong passcode),
 * or malformed (a known event whose body does not parse).
 */
export type FigmaDeliveryOutcome = 'stored' | 'ping' | 'ignored' | 'refused' | 'malformed';

/** The event types Figma sends; anything else is counted as `other`, so a sender cannot add series. */
const FIGMA_EVENT_TYPES = new Set([
  'PING',
  'FILE_COMMENT',
  'DEV_MODE_STATUS_UPDATE',
  'FILE_VERSION_UPDATE',
  'FILE_UPDATE',
  'FILE_DELETE',
  'LIBRARY_PUBLISH',
]);

function answerClass(answer: WebhookAnswer): string {
  if (answer.blocked) return 'blocked';
  if (answer.timedOut) return 'timeout';
  if (answer.statusCode === null) return 'no_answer';
  return `${Math.floor(answer.statusCode / 100)}xx`;
}

/**
 * The better-auth endpoints (auth/endpoint-policies.ts names) whose failure is a failed sign-in:
 * the password, the second factor, an emailed link, a provider's return. Other endpoints' failures
 * (a sign-up, a reset) are not sign-ins and are left out, so the counter means one thing.
 */
const SIGN_IN_STEPS = new Set(['sign-in', 'totp-code', 'backup-code', 'magic-link-open', 'provider-return']);

/** Seconds, from 5 ms to 10 s: Figgle's answers are mostly a few ms, an import or export seconds. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds, from 0.5 ms: most statements are a fraction of a millisecond on either database. */
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
/** Seconds, from 25 ms to WEBHOOK_TIMEOUT_MS's range: a receiver's answer over the network. */
const DELIVERY_BUCKETS = [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * The metrics of one server process: its own registry, so that the many app instances a test run
 * starts in one process never add to each other's counts (prom-client's default registry is global).
 * What is read at scrape time (jobs, sockets, the pool) is set by http/metrics-routes.ts.
 */
export function createServerMetrics() {
  const registry = new Registry();
  const httpRequests = new Counter({
    name: 'figgle_http_requests_total',
    help: 'HTTP requests answered, by method, matched route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'figgle_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by method and matched route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  const socketsOpen = new Gauge({
    name: 'figgle_realtime_sockets_open',
    help: 'Live-update websockets open on this server.',
    registers: [registry],
  });
  const liveEvents = new Counter({
    name: 'figgle_realtime_events_sent_total',
    help: 'Live events sent to websockets (one per event per socket, however they were batched into frames).',
    registers: [registry],
  });
  const jobs = new Gauge({
    name: 'figgle_jobs',
    help: 'Durable jobs in the job table, by kind and state (pending, running, failed), over every server.',
    labelNames: ['kind', 'state'] as const,
    registers: [registry],
  });
  const oldestDueJob = new Gauge({
    name: 'figgle_jobs_oldest_due_age_seconds',
    help: 'How long the oldest pending job whose time has come has waited to be run, by kind.',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'figgle_job_runs_total',
    help: 'Job runs finished by this server, by kind and outcome (done, retry, failed, deferred).',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  });
  const poolConnections = new Gauge({
    name: 'figgle_db_pool_connections',
    help: 'Database connections of this server, by state (in_use, idle).',
    labelNames: ['state'] as const,
    registers: [registry],
  });
  const poolWaiting = new Gauge({
    name: 'figgle_db_pool_waiting',
    help: 'Queries waiting for a free database connection.',
    registers: [registry],
  });
  const poolMax = new Gauge({
    name: 'figgle_db_pool_max',
    help: 'The most database connections this server opens.',
    registers: [registry],
  });
  const queryDuration = new Histogram({
    name: 'figgle_db_query_duration_seconds',
    help: 'Time of each database statement, waiting for a connection included, by operation.',
    labelNames: ['operation'] as const,
    buckets: QUERY_BUCKETS,
    registers: [registry],
  });
  const signInFailures = new Counter({
    name: 'figgle_sign_in_failures_total',
    help: 'Sign-in attempts refused, by step (sign-in, totp-code, backup-code, magic-link-open, provider-return) and reason.',
    labelNames: ['step', 'reason'] as const,
    registers: [registry],
  });
  const webhookDeliveries = new Counter({
    name: 'figgle_webhook_deliveries_total',
    help: 'Tries to deliver an outgoing webhook, by outcome (succeeded, retrying, failed) and answer (2xx to 5xx, timeout, no_answer, blocked).',
    labelNames: ['outcome', 'answer'] as const,
    registers: [registry],
  });
  const webhookDuration = new Histogram({
    name: 'figgle_webhook_delivery_duration_seconds',
    help: "Time of each try to deliver an outgoing webhook, from the request to the receiver's answer or the timeout.",
    buckets: DELIVERY_BUCKETS,
    registers: [registry],
  });
  const figmaDeliveries = new Counter({
    name: 'figgle_figma_deliveries_total',
    help: 'Deliveries received from Figma webhooks, by event type and outcome (stored, ping, ignored, refused, malformed).',
    labelNames: ['event_type', 'outcome'] as const,
    registers: [registry],
  });

  let defaultsCollected = false;
  return {
    registry,
    httpRequests,
    httpDuration,
    socketsOpen,
    jobs,
    oldestDueJob,
    poolConnections,
    poolWaiting,
    poolMax,
    queryDuration,
    /** Node's own metrics (event-loop lag, memory, CPU, garbage collection), once, when scraped at all. */
    collectProcessMetrics(): void {
      if (defaultsCollected) return;
      defaultsCollected = true;
      collectDefaultMetrics({ register: registry });
    },
    liveEventsSent(count: number): void {
      if (count > 0) liveEvents.inc(count);
    },
    jobFinished(kind: string, outcome: JobOutcome): void {
      jobRuns.inc({ kind, outcome });
    },
    /** Called for every refused better-auth call; counts only the sign-in steps. */
    authCallFailed(step: string, reason: SignInFailure): void {
      if (SIGN_IN_STEPS.has(step)) signInFailures.inc({ step, reason });
    },
    /** One try of an outgoing webhook, as its delivery log line records it. */
    webhookDelivered(outcome: WebhookOutcome, answer: WebhookAnswer): void {
      webhookDeliveries.inc({ outcome, answer: answerClass(answer) });
      if (!answer.blocked) webhookDuration.observe(answer.durationMs / 1000);
    },
    /** One delivery Figma sent to POST /api/figma/webhook, as it was answered. */
    figmaDeliveryReceived(eventType: string | undefined, outcome: FigmaDeliveryOutcome): void {
      const event = eventType !== undefined && FIGMA_EVENT_TYPES.has(eventType) ? eventType : 'other';
      figmaDeliveries.inc({ event_type: event, outcome });
    },
  };
}

export type ServerMetrics = ReturnType<typeof createServerMetrics>;
