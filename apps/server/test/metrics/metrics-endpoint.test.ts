// @database both
import { topics } from '@figgle/shared/realtime-protocol';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import { startTestServer, type TestServer } from '@figgle/test-support/test-server';
import { apiAs, createUser, startMailCatcher, type TestUser } from '@figgle/test-support/users';
import { WebhookReceiver } from '@figgle/test-support/webhook-receiver';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../../src/env.ts';
import { enqueueJob } from '../../src/jobs/job-queue.ts';
import { wakeWorkers } from '../../src/jobs/wake.ts';
import { createToken } from '../api-tokens/api-tokens-world.ts';
import { createOrganizationAs } from '../organizations/organizations-world.ts';
import { TestSocket } from '../realtime/realtime-socket.ts';
import { createProject, createTask } from '../realtime/realtime-world.ts';
import { addWebhook, deliveryLog } from '../webhooks/webhooks-world.ts';

const METRICS_TOKEN = 'scrape-token-0123456789-abcdefghijklmnop';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

let mail: MailCatcher;
/** Started without METRICS_TOKEN: /metrics is off. */
let plain: TestServer;
/** Started with METRICS_TOKEN. */
let scraped: TestServer;

beforeAll(async () => {
  mail = await startMailCatcher();
  [plain, scraped] = await Promise.all([
    startTestServer({ SMTP_URL: mail.url }),
    // The webhook receiver below listens on loopback.
    startTestServer({ SMTP_URL: mail.url, METRICS_TOKEN, WEBHOOKS_ALLOW_PRIVATE: 'true' }),
  ]);
});
afterAll(async () => {
  await Promise.all([plain?.close(), scraped?.close()]);
  await mail?.stop();
});

function getMetrics(server: TestServer, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.url}/metrics`, { headers });
}

const scrape = (server: TestServer) => getMetrics(server, { authorization: `Bearer ${METRICS_TOKEN}` });

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text page (label values here never hold an escaped quote). */
function samplesOf(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((pair) => [pair[1]!, pair[2]!]),
      );
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/** The value of the one sample of `name` whose labels include `labels`; fails when there is none. */
function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  expect(
    found.map((sample) => sample.labels),
    `${name} ${JSON.stringify(labels)}`,
  ).toHaveLength(1);
  return found[0]!.value;
}

async function notFoundAnswer(server: TestServer, path: string) {
  const response = await fetch(`${server.url}${path}`);
  return { status: response.status, body: await response.json() };
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function failSignIn(server: TestServer): Promise<void> {
  const answer = await apiAs(server, '')('/api/auth/sign-in/email', {
    body: { email: 'nobody@example.test', password: 'not-the-password' },
  });
  expect(answer.status).toBe(401);
}

describe('GET /metrics, hidden', () => {
  it('answers as an unknown address does when METRICS_TOKEN is not set, even with a bearer token', async () => {
    const unknown = await notFoundAnswer(plain, '/metrics');
    expect(unknown).toEqual({
      status: 404,
      body: { statusCode: 404, code: 'not_found', message: 'Route GET /metrics not found.' },
    });
    const withBearer = await getMetrics(plain, { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(withBearer.status).toBe(404);
    expect(await withBearer.json()).toEqual(unknown.body);
  });

  it('answers 404 without the token, with a wrong one, or with the token in another form', async () => {
    const expected = { statusCode: 404, code: 'not_found', message: 'Route GET /metrics not found.' };
    for (const authorization of [
      undefined,
      `Bearer ${METRICS_TOKEN.slice(0, -1)}x`,
      `Bearer ${METRICS_TOKEN}-and-more`,
      `Basic ${Buffer.from(`metrics:${METRICS_TOKEN}`).toString('base64')}`,
      METRICS_TOKEN,
    ]) {
      const response = await getMetrics(scraped, authorization === undefined ? {} : { authorization });
      expect(response.status, String(authorization)).toBe(404);
      expect(await response.json()).toEqual(expected);
    }
  });

  it('is not opened by a session cookie or an API token alone', async () => {
    const user = await createUser(scraped, mail, { firstname: 'Sam', lastname: 'Session' });
    expect((await user.api('/metrics')).status).toBe(404);
    const { token } = await createToken(user, 'read');
    expect((await getMetrics(scraped, { authorization: `Bearer ${token}` })).status).toBe(404);
  });

  it('refuses a METRICS_TOKEN shorter than 32 characters at boot', () => {
    const settings = { NODE_ENV: 'test', SECRET: 'x'.repeat(40), DATA_DIR: scraped.env.DATA_DIR };
    expect(() => loadEnv({ ...settings, METRICS_TOKEN: 'short' })).toThrow(EnvError);
    expect(() => loadEnv({ ...settings, METRICS_TOKEN: 'short' })).toThrow(
      'METRICS_TOKEN: must be at least 32 characters',
    );
    expect(loadEnv({ ...settings, METRICS_TOKEN }).METRICS_TOKEN).toBe(METRICS_TOKEN);
  });
});

describe('GET /metrics with the token, after real work', () => {
  let owner: TestUser;
  let organizationId: string;
  let projectId: string;
  let socket: TestSocket;
  let receiver: WebhookReceiver;
  let samples: Sample[];
  let text: string;
  const junkPath = `/no-such-page-${Date.now()}`;

  beforeAll(async () => {
    // A refused sign-in on the other server too: each server counts only its own.
    await Promise.all([failSignIn(plain), failSignIn(scraped)]);

    owner = await createUser(scraped, mail, { firstname: 'Olive', lastname: 'Owner' });
    organizationId = await createOrganizationAs(owner, 'Metrics Inc');
    projectId = await createProject(owner, organizationId, 'Dashboards');
    receiver = await new WebhookReceiver().start();
    const webhook = await addWebhook(owner, organizationId, receiver.url(), ['task.created']);
    socket = await TestSocket.open(scraped.url, { cookie: owner.cookie });
    await socket.subscribe(topics.tasks(projectId));
    const from = socket.mark();
    const taskId = await createTask(owner, projectId, 'Watch the graphs');
    await socket.next((frame) => frame.type === 'event' && frame.id === taskId, from);
    expect((await owner.api(`/api/tasks/${taskId}`)).status).toBe(200);
    expect((await fetch(`${scraped.url}${junkPath}`)).status).toBe(404);
    // The task's creation is delivered to the webhook; its log line is written after it is counted.
    await until(
      async () => (await deliveryLog(owner, organizationId, webhook.webhook_id)).length > 0,
      'the webhook delivery',
    );
    // Two deliveries Figma might send: a wrong passcode, and an event type Figgle has never heard of.
    for (const eventType of ['FILE_COMMENT', 'SOMETHING_NEW']) {
      const answer = await apiAs(scraped, '')('/api/figma/webhook', {
        body: { event_type: eventType, webhook_id: 'no-such-webhook', passcode: 'guess' },
      });
      expect(answer.status).toBe(400);
    }

    // A job the worker cannot run (no handler of its kind): it is tried and put back for later.
    const { db } = scraped.deps;
    await enqueueJob(db, { kind: 'metrics_probe', organizationId: null, dedupeKey: 'probe', payload: {} });
    wakeWorkers(db);
    await until(async () => {
      const row = await db
        .selectFrom('job')
        .select(['attempts', 'state'])
        .where('kind', '=', 'metrics_probe')
        .executeTakeFirstOrThrow();
      return row.attempts >= 1 && row.state === 'pending';
    }, 'the probe job to be tried once');
    // One organization's backlog: two jobs held by another server's lease (an hour long) fill its
    // share of the lane, so its due job waits, ten minutes late, and one job failed for good.
    await sql`
      INSERT INTO job (kind, organization_id, dedupe_key, state, run_at, locked_by, locked_until, finished_at)
      VALUES
        ('metrics_backlog', ${organizationId}, 'held-1', 'running', now(), 'elsewhere', now() + interval '1 hour', NULL),
        ('metrics_backlog', ${organizationId}, 'held-2', 'running', now(), 'elsewhere', now() + interval '1 hour', NULL),
        ('metrics_backlog', ${organizationId}, 'waiting', 'pending', now() - interval '10 minutes', NULL, NULL, NULL),
        ('metrics_backlog', ${organizationId}, 'gone', 'failed', now(), NULL, NULL, now())
    `.execute(db);

    const response = await scrape(scraped);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    text = await response.text();
    samples = samplesOf(text);
  });
  afterAll(async () => {
    socket?.close();
    await receiver?.stop();
  });

  it('counts answers by route pattern and status, and times them', () => {
    const created = { method: 'POST', route: '/api/projects/:projectId/tasks', status: '201' };
    expect(sampleValue(samples, 'figgle_http_requests_total', created)).toBe(1);
    const read = { method: 'GET', route: '/api/tasks/:taskId', status: '200' };
    expect(sampleValue(samples, 'figgle_http_requests_total', read)).toBe(1);
    // The junk address, and the refused scrapes above: a refusal looks like an unknown address here too.
    const unmatched = { route: 'unmatched', status: '404' };
    expect(sampleValue(samples, 'figgle_http_requests_total', unmatched)).toBeGreaterThanOrEqual(1);
    const timing = { method: 'POST', route: '/api/projects/:projectId/tasks' };
    expect(sampleValue(samples, 'figgle_http_request_duration_seconds_count', timing)).toBe(1);
    expect(sampleValue(samples, 'figgle_http_request_duration_seconds_sum', timing)).toBeGreaterThan(0);
  });

  it('names routes by pattern only: no ids and no address that was asked for', () => {
    const routes = samples.flatMap((sample) => (sample.labels.route ? [sample.labels.route] : []));
    expect(routes.length).toBeGreaterThan(5);
    expect(routes.filter((route) => UUID.test(route))).toEqual([]);
    expect(text).not.toContain(junkPath);
    expect(text).not.toMatch(UUID);
  });

  it('counts the refused sign-in of this server only', () => {
    const refused = { step: 'sign-in', reason: 'refused' };
    expect(sampleValue(samples, 'figgle_sign_in_failures_total', refused)).toBe(1);
  });

  it('shows the open websocket and the live event sent to it', () => {
    expect(sampleValue(samples, 'figgle_realtime_sockets_open')).toBe(1);
    expect(sampleValue(samples, 'figgle_realtime_events_sent_total')).toBeGreaterThanOrEqual(1);
  });

  it('reads the jobs by kind and state, with how long the oldest due one has waited', () => {
    const backlog = { kind: 'metrics_backlog' };
    expect(sampleValue(samples, 'figgle_jobs', { ...backlog, state: 'running' })).toBe(2);
    expect(sampleValue(samples, 'figgle_jobs', { ...backlog, state: 'pending' })).toBe(1);
    expect(sampleValue(samples, 'figgle_jobs', { ...backlog, state: 'failed' })).toBe(1);
    const waited = sampleValue(samples, 'figgle_jobs_oldest_due_age_seconds', backlog);
    expect(waited).toBeGreaterThanOrEqual(600);
    expect(waited).toBeLessThan(3600);
    expect(samples.some((sample) => sample.labels.state === 'done')).toBe(false);
    // A kind the server runs but has no job of shows at 0, so a dashboard draws a line, not a gap.
    expect(sampleValue(samples, 'figgle_jobs', { kind: 'import', state: 'failed' })).toBe(0);
    expect(sampleValue(samples, 'figgle_jobs_oldest_due_age_seconds', { kind: 'import' })).toBe(0);
  });

  it('counts job runs by kind and outcome', () => {
    const retried = { kind: 'metrics_probe', outcome: 'retry' };
    expect(sampleValue(samples, 'figgle_job_runs_total', retried)).toBeGreaterThanOrEqual(1);
  });

  it("shows the database pool and times the server's statements", () => {
    const inUse = sampleValue(samples, 'figgle_db_pool_connections', { state: 'in_use' });
    const idle = sampleValue(samples, 'figgle_db_pool_connections', { state: 'idle' });
    expect(inUse + idle).toBeGreaterThanOrEqual(1);
    // The embedded database is one connection; PostgreSQL's pool opens up to 10.
    expect(sampleValue(samples, 'figgle_db_pool_max')).toBe(scraped.database.kind === 'pglite' ? 1 : 10);
    expect(sampleValue(samples, 'figgle_db_pool_waiting')).toBeGreaterThanOrEqual(0);
    const selects = sampleValue(samples, 'figgle_db_query_duration_seconds_count', { operation: 'select' });
    expect(selects).toBeGreaterThan(5);
    expect(
      sampleValue(samples, 'figgle_db_query_duration_seconds_count', { operation: 'insert' }),
    ).toBeGreaterThan(0);
  });

  it("shows the process's event-loop lag and memory", () => {
    expect(sampleValue(samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sampleValue(samples, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(sampleValue(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('counts webhook deliveries by outcome and answer, and times them', () => {
    const delivered = { outcome: 'succeeded', answer: '2xx' };
    expect(sampleValue(samples, 'figgle_webhook_deliveries_total', delivered)).toBe(1);
    expect(sampleValue(samples, 'figgle_webhook_delivery_duration_seconds_count')).toBe(1);
    expect(sampleValue(samples, 'figgle_job_runs_total', { kind: 'webhook_delivery', outcome: 'done' })).toBe(
      1,
    );
  });

  it("counts Figma's deliveries by event type and outcome, an unknown type as other", () => {
    const refused = { outcome: 'refused' };
    expect(
      sampleValue(samples, 'figgle_figma_deliveries_total', { ...refused, event_type: 'FILE_COMMENT' }),
    ).toBe(1);
    expect(sampleValue(samples, 'figgle_figma_deliveries_total', { ...refused, event_type: 'other' })).toBe(
      1,
    );
    expect(text).not.toContain('SOMETHING_NEW');
  });

  it('has a sample of every metric the issue names', () => {
    const named = [
      'figgle_http_requests_total',
      'figgle_http_request_duration_seconds_bucket',
      'figgle_realtime_sockets_open',
      'figgle_realtime_events_sent_total',
      'figgle_jobs',
      'figgle_jobs_oldest_due_age_seconds',
      'figgle_job_runs_total',
      'figgle_db_pool_connections',
      'figgle_db_pool_waiting',
      'figgle_db_pool_max',
      'figgle_db_query_duration_seconds_bucket',
      'nodejs_eventloop_lag_seconds',
      'process_resident_memory_bytes',
      'figgle_sign_in_failures_total',
      'figgle_webhook_deliveries_total',
      'figgle_webhook_delivery_duration_seconds_bucket',
      'figgle_figma_deliveries_total',
    ];
    const present = new Set(samples.map((sample) => sample.name));
    expect(named.filter((name) => !present.has(name))).toEqual([]);
  });
});
