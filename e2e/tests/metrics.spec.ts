import { MESSAGES } from '@figgle/shared/constants';
import { signUpWithOrganization } from '@figgle/test-support/api-users';
import { startFiggleServer } from '@figgle/test-support/figgle-server';
import { WebhookReceiver } from '@figgle/test-support/webhook-receiver';
import { expect, test } from '../support/fixtures.ts';
import { createProjectWithTask } from '../support/task-page-setup.ts';
import { logInWithForm } from './accounts-support.ts';
import { callApi, createTask } from './planning-support.ts';

/**
 * The operator's view of a short journey (docs/operations/README.md#metrics): a refused sign-in, a
 * board open on a live socket, a task made elsewhere arriving on it and delivered to a webhook, a
 * delivery from Figma with a wrong passcode; then GET /metrics with METRICS_TOKEN shows every metric
 * issue 45 names, and without it, or with a wrong one, answers 404 as an unknown address does.
 */

const METRICS_TOKEN = 'e2e-scrape-token-0123456789abcdefghij';

// This file's own server, with /metrics on (the worker's usual one is not started).
test.use({
  baseURL: async ({ mail }, use) => {
    const server = await startFiggleServer({
      SMTP_URL: mail.url,
      METRICS_TOKEN,
      WEBHOOKS_ALLOW_PRIVATE: 'true',
    });
    await use(server.url);
    await server.stop();
  },
});

/** The metric names of a Prometheus text page's samples. */
const sampleNames = (text: string) =>
  new Set(
    text
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => line.split(/[{ ]/)[0]),
  );

test('a short journey shows every named metric at /metrics, which answers 404 without the token', async ({
  page,
  mail,
  baseURL,
}, testInfo) => {
  const receiver = await new WebhookReceiver().start();
  try {
    const mo = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Mo',
      lastname: 'Operator',
      organization: 'Metrics Co',
    });
    // A wrong password, then the right one.
    await page.context().clearCookies();
    await logInWithForm(page, { email: mo.email, password: 'not-the-password' });
    const dialog = page.getByRole('dialog', { name: 'Error' });
    await expect(dialog).toContainText(MESSAGES.errorDialogText('Invalid email or password'));
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await logInWithForm(page, mo);
    await expect(page).toHaveURL(/\/projects$/);

    const { projectId } = await createProjectWithTask(page, baseURL, mo.organizationId, {
      project: 'Observability',
      trigram: 'OBS',
      task: 'Import the dashboard',
    });
    await callApi(page, baseURL, 'POST', `/api/organizations/${mo.organizationId}/webhooks`, {
      url: receiver.url(),
      events: ['task.created'],
    });
    await page.goto(`/project/${projectId}/kanban`);
    await expect(page.getByText('Import the dashboard')).toBeVisible();
    // Made through the API, as by a colleague: the open board learns of it over its websocket.
    await createTask(page, baseURL, projectId, { title: 'Page the on-call' });
    await expect(page.getByText('Page the on-call')).toBeVisible();
    await expect.poll(() => receiver.of('task.created').length).toBeGreaterThanOrEqual(1);

    const figma = await page.request.post('/api/figma/webhook', {
      data: { event_type: 'FILE_COMMENT', webhook_id: 'no-such-webhook', passcode: 'guess' },
    });
    expect(figma.status()).toBe(400);

    // Hidden without the token, with a wrong one, or with a session alone.
    const refusedHeaders: Array<Record<string, string>> = [
      {},
      { authorization: `Bearer ${METRICS_TOKEN.slice(0, -1)}x` },
    ];
    for (const headers of refusedHeaders) {
      const hidden = await page.request.fetch('/metrics', { headers });
      expect(hidden.status()).toBe(404);
      expect(await hidden.json()).toMatchObject({ code: 'not_found' });
    }

    const scrape = () =>
      page.request.fetch('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    // The webhook's try is counted once the receiver's answer is back.
    await expect
      .poll(async () => (await (await scrape()).text()).includes('figgle_webhook_deliveries_total{'))
      .toBe(true);
    const response = await scrape();
    expect(response.status()).toBe(200);
    const text = await response.text();
    await testInfo.attach('metrics.txt', { body: text, contentType: 'text/plain' });
    const present = sampleNames(text);
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
      'figgle_db_query_duration_seconds_bucket',
      'nodejs_eventloop_lag_seconds',
      'process_resident_memory_bytes',
      'figgle_sign_in_failures_total',
      'figgle_webhook_deliveries_total',
      'figgle_figma_deliveries_total',
    ];
    expect(named.filter((name) => !present.has(name))).toEqual([]);
    expect(text).toMatch(/^figgle_realtime_sockets_open [1-9]/m);
    expect(text).toMatch(/^figgle_sign_in_failures_total\{step="sign-in",reason="refused"\} 1$/m);
    expect(text).toContain('route="/api/projects/:projectId/tasks",status="201"');
    expect(text).not.toContain(projectId);
  } finally {
    await receiver.stop();
  }
});
