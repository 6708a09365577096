// @database both

import { testDatabaseKind } from '@figgle/test-support/database-template';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestUser } from '@figgle/test-support/users';
import { startMailCatcher } from '@figgle/test-support/users';
import { signatureIsValid, WebhookReceiver } from '@figgle/test-support/webhook-receiver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, eventually } from '../figma/figma-world.ts';
import { createOrganizationAs } from '../organizations/organizations-world.ts';
import { type CrashPlace, openCrashPlace } from '../support/crash-place.ts';
import { createRemoteUser, onServer } from '../support/remote-user.ts';
import type { ServerProcess } from '../support/server-process.ts';
import { addWebhook, type CreatedWebhookAnswer, deliveryLog } from './webhooks-world.ts';

/**
 * A delivery queued by a change outlives a SIGKILL of the server process: the job was stored in the
 * change's own transaction, and the next start (or, on PostgreSQL, the lease running out) sends it.
 */
const kind = testDatabaseKind();
const KILL_TEST_MS = 120_000;

describe(`SIGKILL while a webhook delivery is queued or in flight (${kind})`, () => {
  let mail: MailCatcher;
  let receiver: WebhookReceiver;
  let place: CrashPlace;
  let user: TestUser;
  let organizationId: string;
  let projectId: string;
  let webhook: CreatedWebhookAnswer;
  let server: ServerProcess;

  const start = () =>
    place.start({
      SECRET: 'webhooks-kill-secret-that-is-long-enough-0123456789',
      SMTP_URL: mail.url,
      WEBHOOKS_ALLOW_PRIVATE: 'true',
    });

  async function killAndRestart(meanwhile: () => unknown = () => {}): Promise<void> {
    server.child.kill('SIGKILL');
    await server.exited;
    await meanwhile();
    server = await start();
    user = onServer(user, server.url);
  }

  beforeAll(async () => {
    mail = await startMailCatcher();
    receiver = await new WebhookReceiver().start();
    place = await openCrashPlace(kind, 'webhooks-kill');
    server = await start();
    user = await createRemoteUser(server.url, mail, 'Kai');
    organizationId = await createOrganizationAs(user, 'Crash Hooks');
    projectId = await createProject(user, organizationId, 'Checkout', 'CHK');
    webhook = await addWebhook(user, organizationId, receiver.url(), ['task.created']);
  }, KILL_TEST_MS);

  afterAll(async () => {
    await place?.close();
    await receiver?.stop();
    await mail?.stop();
  });

  async function createTask(title: string): Promise<string> {
    const response = await user.api(`/api/projects/${projectId}/tasks`, { body: { title } });
    expect(response.status).toBe(201);
    return ((await response.json()) as { task_id: string }).task_id;
  }

  const deliveriesOf = (taskId: string) =>
    receiver.received.filter((request) => (request.json.data.task as { task_id: string }).task_id === taskId);

  it(
    'sends again after the restart a delivery whose answer the kill cut off',
    async () => {
      const release = receiver.stall();
      const taskId = await createTask('In flight');
      await eventually(async () => deliveriesOf(taskId).length > 0, 'the first try at the receiver');
      await killAndRestart(release);

      const [, again] = await eventually(
        async () => (deliveriesOf(taskId).length >= 2 ? deliveriesOf(taskId) : null),
        'the try after the restart',
        45_000,
      );
      expect(again!.headers['x-figgle-delivery']).toBe(deliveriesOf(taskId)[0]!.headers['x-figgle-delivery']);
      expect(signatureIsValid(again!, webhook.secret)).toBe(true);
      const log = await eventually(async () => {
        const lines = await deliveryLog(user, organizationId, webhook.webhook_id);
        return lines.find((line) => line.delivery_id === again!.json.id && line.outcome === 'succeeded');
      }, 'the delivery in the log');
      expect(log.status_code).toBe(200);
    },
    KILL_TEST_MS,
  );

  it(
    'sends after the restart a delivery that was waiting for its next try at the kill',
    async () => {
      receiver.answerNext({ status: 503, body: 'busy' });
      const taskId = await createTask('Waiting');
      await eventually(async () => deliveriesOf(taskId).length > 0, 'the first, failed try');
      await killAndRestart();

      await eventually(
        async () => deliveriesOf(taskId).length >= 2,
        'the delivery after the restart',
        45_000,
      );
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const tries = deliveriesOf(taskId);
      expect(tries).toHaveLength(2);
      expect(new Set(tries.map((request) => request.json.id)).size).toBe(1);
      expect(signatureIsValid(tries[1]!, webhook.secret)).toBe(true);
    },
    KILL_TEST_MS,
  );
});
