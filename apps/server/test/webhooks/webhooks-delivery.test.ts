// @database pglite

import { FakeFigma } from '@figgle/test-support/fake-figma';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import { startTestServer, type TestServer } from '@figgle/test-support/test-server';
import { startMailCatcher } from '@figgle/test-support/users';
import {
  type ReceivedWebhook,
  signatureIsValid,
  WebhookReceiver,
} from '@figgle/test-support/webhook-receiver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectFigma, createProject, eventually, OWNER_TOKEN } from '../figma/figma-world.ts';
import { queueSettled } from '../notifications/queue-settled.ts';
import { createOrganizationWorld, type OrganizationWorld } from '../organizations/organizations-world.ts';
import { addWebhook, type CreatedWebhookAnswer, deliveryLog, sendTestEvent } from './webhooks-world.ts';

/**
 * Outgoing webhooks end to end (docs/product.md#webhooks): real changes through the API, a real
 * receiver on loopback (allowed by WEBHOOKS_ALLOW_PRIVATE), signatures checked as a receiver would.
 */
describe('webhook deliveries', () => {
  let mail: MailCatcher;
  let figma: FakeFigma;
  let server: TestServer;
  let world: OrganizationWorld;
  let projectId: string;
  let receiver: WebhookReceiver;
  let webhook: CreatedWebhookAnswer;

  beforeAll(async () => {
    mail = await startMailCatcher();
    figma = await new FakeFigma({ tokens: [OWNER_TOKEN] }).start();
    server = await startTestServer({
      SMTP_URL: mail.url,
      FIGMA_API_URL: figma.url,
      WEBHOOKS_ALLOW_PRIVATE: 'true',
    });
    world = await createOrganizationWorld(server, mail, 'Hook Studio');
    projectId = await createProject(world.owner, world.organizationId, 'Checkout', 'CHK');
    await connectFigma({ ...world, projectId });
    receiver = await new WebhookReceiver().start();
    webhook = await addWebhook(world.owner, world.organizationId, receiver.url());
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await receiver?.stop();
    await figma?.stop();
    await mail?.stop();
  });

  const arrived = (event: string, match: (request: ReceivedWebhook) => boolean = () => true) =>
    eventually(async () => receiver.of(event).find(match), `a ${event} delivery`);

  function expectSigned(request: ReceivedWebhook, event: string): void {
    expect(signatureIsValid(request, webhook.secret)).toBe(true);
    expect(signatureIsValid(request, 'whsec_not-the-secret')).toBe(false);
    expect(request.headers['x-figgle-event']).toBe(event);
    expect(request.headers['x-figgle-delivery']).toBe(request.json.id);
    expect(request.headers['content-type']).toBe('application/json');
    const t = Number(/t=(\d+)/.exec(String(request.headers['x-figgle-signature']))?.[1]);
    expect(Math.abs(Date.now() / 1000 - t)).toBeLessThan(300);
    expect(request.json.organization_id).toBe(world.organizationId);
  }

  it('answers the signing secret once, and never in the list', async () => {
    expect(webhook.secret).toMatch(/^whsec_/);
    const list = await world.owner.api(`/api/organizations/${world.organizationId}/webhooks`);
    const text = await list.text();
    expect(text).toContain(webhook.webhook_id);
    expect(text).not.toContain(webhook.secret);
    const stored = await server.deps.db
      .selectFrom('webhook')
      .select('secret_encrypted')
      .where('webhook_id', '=', webhook.webhook_id)
      .executeTakeFirstOrThrow();
    expect(stored.secret_encrypted).not.toContain(webhook.secret);
  });

  it('sends each kind of event as a signed JSON body', async () => {
    const created = await world.member.api(`/api/projects/${projectId}/tasks`, { body: { title: 'Hooked' } });
    expect(created.status).toBe(201);
    const taskId = ((await created.json()) as { task_id: string }).task_id;
    const onTask = (request: ReceivedWebhook) =>
      (request.json.data.task as { task_id: string } | undefined)?.task_id === taskId;

    const createdHook = await arrived('task.created', onTask);
    expectSigned(createdHook, 'task.created');
    expect(createdHook.json.data).toMatchObject({
      task: { title: 'Hooked', status: 'TODO', project_id: projectId },
      actor_id: world.member.userId,
    });

    await world.owner.api(`/api/tasks/${taskId}`, { method: 'PATCH', body: { title: 'Hooked twice' } });
    const updated = await arrived('task.updated', onTask);
    expectSigned(updated, 'task.updated');
    expect(updated.json.data).toMatchObject({ task: { title: 'Hooked twice' }, changed: ['title'] });

    const moved = await world.owner.api('/api/kanban-update', {
      body: { taskId, status: 'DOING', index: 0 },
    });
    expect(moved.status).toBe(200);
    const movedHook = await arrived('task.moved', onTask);
    expectSigned(movedHook, 'task.moved');
    expect(movedHook.json.data).toMatchObject({ task: { status: 'DOING' }, previous_status: 'TODO' });

    const comment = await world.member.api(`/api/tasks/${taskId}/comments`, {
      body: { content_json: { ops: [{ insert: 'Looks right\n' }] } },
    });
    expect(comment.status).toBe(201);
    const commentHook = await arrived(
      'comment.created',
      (request) => (request.json.data.comment as { task_id: string }).task_id === taskId,
    );
    expectSigned(commentHook, 'comment.created');
    expect(commentHook.json.data.comment).toMatchObject({ content: { ops: [{ insert: 'Looks right\n' }] } });

    const deleted = await world.owner.api(`/api/tasks/${taskId}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expectSigned(await arrived('task.deleted', onTask), 'task.deleted');

    const answer = await figma.deliverTaskComment({
      commentId: '9100000001',
      fragments: [{ text: 'Button colour #task' }],
      endpoint: `${server.url}/api/figma/webhook`,
    });
    expect(answer.status).toBe(200);
    const figmaHook = await arrived('figma_event.received');
    expectSigned(figmaHook, 'figma_event.received');
    expect(figmaHook.json.data.figma_event).toMatchObject({ figma_comment_id: '9100000001' });

    // Every delivery is one line of the log, answered 200 on the first try.
    const log = await eventually(async () => {
      const lines = await deliveryLog(world.owner, world.organizationId, webhook.webhook_id);
      return lines.length >= 6 ? lines : null;
    }, 'the log');
    const events = new Set(log.map((line) => line.event));
    for (const event of ['task.created', 'task.updated', 'task.moved', 'comment.created', 'task.deleted'])
      expect(events).toContain(event);
    expect(log.every((line) => line.outcome === 'succeeded' && line.status_code === 200)).toBe(true);
  }, 60_000);

  it('tries again after a 500 and keeps every attempt in the log', async () => {
    receiver.answerNext({ status: 500, body: 'database down' });
    const deliveryId = await sendTestEvent(world.owner, world.organizationId, webhook.webhook_id);
    const tries = await eventually(
      async () => {
        const found = receiver.received.filter((request) => request.json.id === deliveryId);
        return found.length >= 2 ? found : null;
      },
      'the second try',
      20_000,
    );
    expect(tries.map((request) => request.headers['x-figgle-delivery'])).toEqual([deliveryId, deliveryId]);
    expectSigned(tries[1]!, 'ping');
    const log = await eventually(async () => {
      const lines = (await deliveryLog(world.owner, world.organizationId, webhook.webhook_id)).filter(
        (line) => line.delivery_id === deliveryId,
      );
      return lines.length === 2 ? lines : null;
    }, 'both attempts in the log');
    expect(log.map((line) => [line.attempt, line.outcome, line.status_code])).toEqual([
      [2, 'succeeded', 200],
      [1, 'retrying', 500],
    ]);
  }, 40_000);

  async function failedForGood(deliveryId: string) {
    const [line] = await eventually(async () => {
      const lines = (await deliveryLog(world.owner, world.organizationId, webhook.webhook_id)).filter(
        (entry) => entry.delivery_id === deliveryId,
      );
      return lines.length > 0 ? lines : null;
    }, 'the attempt in the log');
    // Until the job is over: the queue never claims a failed (or done) job again, so no retry can
    // follow; a retry would have left it pending, then done, after its 2 s backoff.
    const job = await eventually(async () => {
      const found = await server.deps.db
        .selectFrom('job')
        .select(['state', 'attempts'])
        .where('job_id', '=', deliveryId)
        .executeTakeFirstOrThrow();
      return found.state === 'failed' || found.state === 'done' ? found : null;
    }, 'the job over');
    return { line: line!, job };
  }

  it('gives up at once on a 404', async () => {
    receiver.answerNext({ status: 404, body: 'no such hook' });
    const deliveryId = await sendTestEvent(world.owner, world.organizationId, webhook.webhook_id);
    const { line, job } = await failedForGood(deliveryId);
    expect(line).toMatchObject({ outcome: 'failed', status_code: 404, attempt: 1 });
    expect(job).toEqual({ state: 'failed', attempts: 1 });
    expect(receiver.received.filter((request) => request.json.id === deliveryId)).toHaveLength(1);
  }, 30_000);

  it('does not follow a redirect, and records it as a failure', async () => {
    receiver.answerNext({ status: 302, headers: { location: receiver.url('/elsewhere') } });
    const deliveryId = await sendTestEvent(world.owner, world.organizationId, webhook.webhook_id);
    const { line, job } = await failedForGood(deliveryId);
    expect(line).toMatchObject({ outcome: 'failed', status_code: 302 });
    expect(line.error).toMatch(/redirect/i);
    expect(job.state).toBe('failed');
    expect(receiver.received.filter((request) => request.path === '/elsewhere')).toHaveLength(0);
  }, 30_000);

  it('sends nothing about another organization, nor to a webhook turned off', async () => {
    const otherProject = await createProject(world.outsider, world.outsiderOrganizationId, 'Other', 'OTH');
    const before = receiver.received.length;
    const other = await world.outsider.api(`/api/projects/${otherProject}/tasks`, {
      body: { title: 'Private' },
    });
    expect(other.status).toBe(201);

    const off = await world.owner.api(
      `/api/organizations/${world.organizationId}/webhooks/${webhook.webhook_id}`,
      {
        method: 'PATCH',
        body: { active: false },
      },
    );
    expect(((await off.json()) as { active: boolean }).active).toBe(false);
    const quiet = await world.owner.api(`/api/projects/${projectId}/tasks`, { body: { title: 'Unheard' } });
    expect(quiet.status).toBe(201);
    const test = await world.owner.api(
      `/api/organizations/${world.organizationId}/webhooks/${webhook.webhook_id}/test`,
      { method: 'POST' },
    );
    expect(test.status).toBe(409);

    // A delivery is a job stored by the change itself: none running or due within the 2.5 s this
    // used to wait means none is on its way.
    await queueSettled(server, 2_500);
    expect(receiver.received.slice(before)).toEqual([]);
    const queued = await server.deps.db
      .selectFrom('job')
      .select('job_id')
      .where('kind', '=', 'webhook_delivery')
      .where('organization_id', '=', world.outsiderOrganizationId)
      .execute();
    expect(queued).toEqual([]);
  }, 30_000);

  it('refuses bad input with a clear 400 and changes nothing', async () => {
    const base = `/api/organizations/${world.organizationId}/webhooks`;
    const count = async () => ((await (await world.owner.api(base)).json()) as unknown[]).length;
    const before = await count();
    for (const body of [
      { url: receiver.url(), events: [] },
      { url: receiver.url(), events: ['task.exploded'] },
      { url: 'ftp://example.com/hook', events: ['task.created'] },
      { url: 'https://user:pass@example.com/hook', events: ['task.created'] },
      { url: 'not a url', events: ['task.created'] },
      { events: ['task.created'] },
    ]) {
      const response = await world.owner.api(base, { body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      const answer = (await response.json()) as { code: string; message: string };
      expect(['bad_request', 'validation_failed']).toContain(answer.code);
      expect(answer.message.length).toBeGreaterThan(5);
    }
    const unknown = await world.owner.api(`${base}/00000000-0000-4000-8000-000000000000`, {
      method: 'DELETE',
    });
    expect(unknown.status).toBe(404);
    expect(await count()).toBe(before);
  });
});
