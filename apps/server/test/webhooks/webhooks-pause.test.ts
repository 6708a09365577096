// @database pglite

import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import { Tarpit } from '@figgle/test-support/tarpit';
import { startTestServer, type TestServer } from '@figgle/test-support/test-server';
import { startMailCatcher } from '@figgle/test-support/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, eventually } from '../figma/figma-world.ts';
import { createOrganizationWorld, type OrganizationWorld } from '../organizations/organizations-world.ts';
import { addWebhook, type CreatedWebhookAnswer, deliveryLog } from './webhooks-world.ts';

/**
 * A receiver that keeps timing out is paused, its owners are told, and an owner turns it back on
 * (issue 37, item 5; docs/product.md#webhooks).
 */
describe('a webhook whose receiver never answers', () => {
  let mail: MailCatcher;
  let server: TestServer;
  let world: OrganizationWorld;
  let tarpit: Tarpit;
  let projectId: string;
  let webhook: CreatedWebhookAnswer;
  const PAUSE_AFTER = 3;

  beforeAll(async () => {
    mail = await startMailCatcher();
    tarpit = await new Tarpit().start();
    server = await startTestServer({
      SMTP_URL: mail.url,
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      WEBHOOK_TIMEOUT_MS: '300',
      WEBHOOK_PAUSE_AFTER: String(PAUSE_AFTER),
    });
    world = await createOrganizationWorld(server, mail, 'Tarpit Works');
    projectId = await createProject(world.owner, world.organizationId, 'Slow', 'SLO');
    webhook = await addWebhook(world.owner, world.organizationId, tarpit.url(), ['task.created']);
  }, 120_000);

  afterAll(async () => {
    await tarpit?.stop();
    await server?.close();
    await mail?.stop();
  });

  const listed = async () => {
    const response = await world.owner.api(`/api/organizations/${world.organizationId}/webhooks`);
    expect(response.status).toBe(200);
    const list = (await response.json()) as Array<{
      webhook_id: string;
      active: boolean;
      paused_at: string | null;
      paused_reason: string | null;
    }>;
    return list.find((entry) => entry.webhook_id === webhook.webhook_id)!;
  };
  const changeTask = async (title: string) => {
    const created = await world.member.api(`/api/projects/${projectId}/tasks`, { body: { title } });
    expect(created.status).toBe(201);
  };

  it('is paused after the set number of timeouts in a row, and only its owners are emailed', async () => {
    expect(await listed()).toMatchObject({ active: true, paused_at: null, paused_reason: null });
    for (let n = 0; n < PAUSE_AFTER; n += 1) await changeTask(`Unanswered ${n}`);

    const paused = await eventually(async () => {
      const entry = await listed();
      return entry.paused_at ? entry : null;
    }, 'the webhook paused');
    expect(paused.active).toBe(false);
    expect(paused.paused_reason).toMatch(/Paused after 3 deliveries in a row got no answer in time/);

    const email = await mail.waitFor(world.owner.email, /A webhook of Tarpit Works was paused/);
    expect(email.text).toContain(tarpit.url());
    expect(email.text).toContain(`/settings/organization/${world.organizationId}/webhooks`);
    expect(mail.to(world.member.email, /paused/)).toEqual([]);

    const log = await deliveryLog(world.owner, world.organizationId, webhook.webhook_id);
    expect(log.some((line) => line.error?.includes('No answer within 0.3 seconds.'))).toBe(true);
    expect(log.some((line) => line.outcome === 'failed' && line.error?.includes('paused'))).toBe(true);

    // While paused, a change queues nothing for it.
    const jobsBefore = await deliveriesQueued();
    await changeTask('While paused');
    expect(await deliveriesQueued()).toBe(jobsBefore);
  }, 60_000);

  it('is resumed by an owner only, and counts its timeouts from zero again', async () => {
    const path = `/api/organizations/${world.organizationId}/webhooks/${webhook.webhook_id}`;
    const byMember = await world.member.api(path, { method: 'PATCH', body: { active: true } });
    expect(byMember.status).toBe(403);
    expect((await listed()).active).toBe(false);

    const resumed = await world.owner.api(path, { method: 'PATCH', body: { active: true } });
    expect(resumed.status).toBe(200);
    expect(await resumed.json()).toMatchObject({ active: true, paused_at: null, paused_reason: null });
    const stored = await server.deps.db
      .selectFrom('webhook')
      .select('timeouts_in_a_row')
      .where('webhook_id', '=', webhook.webhook_id)
      .executeTakeFirstOrThrow();
    expect(stored.timeouts_in_a_row).toBe(0);

    // One more timeout is one in a row, not the fourth: the webhook stays on.
    const before = (await deliveryLog(world.owner, world.organizationId, webhook.webhook_id)).length;
    await changeTask('After resuming');
    await eventually(
      async () => (await deliveryLog(world.owner, world.organizationId, webhook.webhook_id)).length > before,
      'the next try in the log',
    );
    expect(await listed()).toMatchObject({ active: true, paused_at: null });
  }, 60_000);

  async function deliveriesQueued(): Promise<number> {
    const row = await server.deps.db
      .selectFrom('job')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('kind', '=', 'webhook_delivery')
      .where('organization_id', '=', world.organizationId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
});
