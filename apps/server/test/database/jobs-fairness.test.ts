// @database both
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openTestDatabase, testDatabaseKind } from '@figgle/test-support/database-template';
import { FakeFigma } from '@figgle/test-support/fake-figma';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import { Tarpit } from '@figgle/test-support/tarpit';
import { startTestServer, type TestServer } from '@figgle/test-support/test-server';
import { startMailCatcher, type TestUser } from '@figgle/test-support/users';
import { WebhookReceiver } from '@figgle/test-support/webhook-receiver';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/database.ts';
import type { Database } from '../../src/db/schema.ts';
import { connectFigma, createProject, eventually, OWNER_TOKEN } from '../figma/figma-world.ts';
import { addMember, createOrganizationAs } from '../organizations/organizations-world.ts';
import { createRemoteUser, onServer } from '../support/remote-user.ts';
import { killLeftoverServers, type ServerProcess, startServerProcess } from '../support/server-process.ts';
import { addWebhook } from '../webhooks/webhooks-world.ts';

/**
 * One organization's webhook receiver that accepts the connection and never answers (a tarpit) must
 * not hold up anybody else's background work (issue 37, item 5): while it holds every delivery sent
 * to it, another organization's email, Figma delivery and webhook delivery each finish within 2 s.
 */
const kind = testDatabaseKind();
const CHANGES = 24;
const WITHIN_MS = 2_000;

interface Bystander {
  owner: TestUser;
  member: TestUser;
  organizationId: string;
  projectId: string;
}

interface Scene {
  mail: MailCatcher;
  figma: FakeFigma;
  tarpit: Tarpit;
  receiver: WebhookReceiver;
  db: Kysely<Database>;
  /** Where Figma posts its deliveries. */
  figmaEndpoint: string;
  slowOwner: TestUser;
  slowProjectId: string;
  bystander: Bystander;
}

/** Org A fills the tarpit with 24 task changes; then org B's three kinds of work are timed. */
async function bystanderWorkFinishesInTime(scene: Scene): Promise<void> {
  const { tarpit, receiver, mail, figma, bystander } = scene;
  for (let n = 0; n < CHANGES; n += 1) {
    const created = await scene.slowOwner.api(`/api/projects/${scene.slowProjectId}/tasks`, {
      body: { title: `Slow change ${n}` },
    });
    expect(created.status).toBe(201);
  }
  // The tarpit holds deliveries now: every one it accepted stays unanswered.
  await eventually(async () => tarpit.held.size >= 1, 'the tarpit holding a delivery', 15_000);

  // Each piece of work is timed from the answer that stored it.
  const assigned = await bystander.owner.api(`/api/projects/${bystander.projectId}/tasks`, {
    body: { title: 'Bystander work', assignee_id: bystander.member.userId },
  });
  expect(assigned.status).toBe(201);
  const assignedAt = Date.now();
  const commentId = String(8_100_000_000 + Math.floor(Math.random() * 1_000_000));
  const delivered = await figma.deliverComment({
    commentId,
    text: 'Bystander from Figma #task',
    nodeId: '12:345',
    endpoint: scene.figmaEndpoint,
  });
  expect(delivered.status).toBe(200);
  const deliveredAt = Date.now();

  const [email, figmaDelivery, webhook] = await Promise.all([
    mail.waitFor(bystander.member.email, /assigned you/, 30_000).then(() => Date.now() - assignedAt),
    eventually(
      async () => {
        const job = await scene.db
          .selectFrom('job')
          .select('state')
          .where('kind', '=', 'figma_delivery')
          .where('dedupe_key', '=', commentId)
          .executeTakeFirst();
        return job?.state === 'done' ? Date.now() - deliveredAt : 0;
      },
      'the Figma delivery done',
      30_000,
    ),
    eventually(
      async () =>
        receiver.received.some(
          (request) =>
            request.json.event === 'task.created' &&
            (request.json.data.task as { title: string }).title === 'Bystander work',
        )
          ? Date.now() - assignedAt
          : 0,
      "the bystander's own webhook delivery",
      30_000,
    ),
  ]);
  // The tarpit still holds: nothing here waited for it to let go.
  expect(tarpit.held.size).toBeGreaterThanOrEqual(1);
  const late = Object.entries({ email, figmaDelivery, webhook }).filter(([, ms]) => ms >= WITHIN_MS);
  expect(late, `milliseconds each took: email ${email}, Figma ${figmaDelivery}, webhook ${webhook}`).toEqual(
    [],
  );
}

describe(`a tarpit webhook of one organization, one server (${kind})`, () => {
  let scene: Scene;
  let server: TestServer;

  beforeAll(async () => {
    const mail = await startMailCatcher();
    const figma = await new FakeFigma({ tokens: [OWNER_TOKEN] }).start();
    const tarpit = await new Tarpit().start();
    const receiver = await new WebhookReceiver().start();
    server = await startTestServer({
      SMTP_URL: mail.url,
      FIGMA_API_URL: figma.url,
      WEBHOOKS_ALLOW_PRIVATE: 'true',
    });
    const slowOwner = await createRemoteUser(server.url, mail, 'Slow');
    const slowOrganizationId = await createOrganizationAs(slowOwner, 'Tarpit Works');
    const slowProjectId = await createProject(slowOwner, slowOrganizationId, 'Slow', 'SLO');
    await addWebhook(slowOwner, slowOrganizationId, tarpit.url());
    const bystander = await bystanderOn(server.url, mail, receiver);
    scene = {
      mail,
      figma,
      tarpit,
      receiver,
      db: server.deps.db,
      figmaEndpoint: `${server.url}/api/figma/webhook`,
      slowOwner,
      slowProjectId,
      bystander,
    };
  }, 120_000);

  afterAll(async () => {
    await scene?.tarpit.stop();
    await server?.close();
    await scene?.receiver.stop();
    await scene?.figma.stop();
    await scene?.mail.stop();
  });

  it("finishes another organization's email, Figma delivery and webhook within 2 s", async () => {
    await bystanderWorkFinishesInTime(scene);
  }, 120_000);
});

/** Org B: an owner with Figma connected, a member to assign, a webhook to a receiver that answers. */
async function bystanderOn(url: string, mail: MailCatcher, receiver: WebhookReceiver): Promise<Bystander> {
  const owner = await createRemoteUser(url, mail, 'Bea');
  const member = await createRemoteUser(url, mail, 'Ben');
  const organizationId = await createOrganizationAs(owner, 'Bystander Studio');
  await addMember(owner, organizationId, member, mail);
  const projectId = await createProject(owner, organizationId, 'Calm', 'CLM');
  await connectFigma({ owner, organizationId, projectId });
  await addWebhook(owner, organizationId, receiver.url());
  return { owner, member, organizationId, projectId };
}

if (kind === 'postgres')
  describe('a tarpit webhook of one organization, two servers on one PostgreSQL', () => {
    let scene: Scene;
    let postgres: DatabaseHandle & { url?: string };
    const servers: ServerProcess[] = [];
    const dataDirs: string[] = [];

    beforeAll(async () => {
      const mail = await startMailCatcher();
      const figma = await new FakeFigma({ tokens: [OWNER_TOKEN] }).start();
      const tarpit = await new Tarpit().start();
      const receiver = await new WebhookReceiver().start();
      postgres = await openTestDatabase();
      for (let n = 0; n < 2; n += 1) {
        const dataDir = mkdtempSync(path.join(os.tmpdir(), 'figgle-fairness-'));
        dataDirs.push(dataDir);
        servers.push(
          await startServerProcess({
            DATA_DIR: dataDir,
            DATABASE_URL: postgres.url!,
            SECRET: 'fairness-cluster-secret-that-is-long-enough-0123456789',
            SMTP_URL: mail.url,
            FIGMA_API_URL: figma.url,
            WEBHOOKS_ALLOW_PRIVATE: 'true',
          }),
        );
      }
      const [first, second] = servers as [ServerProcess, ServerProcess];
      const slowOwner = await createRemoteUser(first.url, mail, 'Slow');
      const slowOrganizationId = await createOrganizationAs(slowOwner, 'Tarpit Works');
      const slowProjectId = await createProject(slowOwner, slowOrganizationId, 'Slow', 'SLO');
      await addWebhook(slowOwner, slowOrganizationId, tarpit.url());
      const bystander = await bystanderOn(first.url, mail, receiver);
      scene = {
        mail,
        figma,
        tarpit,
        receiver,
        db: postgres.db,
        // Figma's delivery lands on the second server; the slow organization writes through the first.
        figmaEndpoint: `${second.url}/api/figma/webhook`,
        slowOwner,
        slowProjectId,
        bystander: { ...bystander, owner: onServer(bystander.owner, second.url) },
      };
    }, 180_000);

    afterAll(async () => {
      await scene?.tarpit.stop();
      await Promise.all(servers.map((server) => server.stop()));
      await killLeftoverServers();
      await postgres?.close();
      await scene?.receiver.stop();
      await scene?.figma.stop();
      await scene?.mail.stop();
      for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
    });

    it("finishes another organization's email, Figma delivery and webhook within 2 s", async () => {
      await bystanderWorkFinishesInTime(scene);
    }, 120_000);
  });
