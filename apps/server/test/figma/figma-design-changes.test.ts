// @database both

import { createHash } from 'node:crypto';
import { utimes } from 'node:fs/promises';
import path from 'node:path';
import {
  FakeFigma,
  SAMPLE_FILE_KEY,
  SAMPLE_FILE_NAME,
  SAMPLE_TEAM_ID,
} from '@figgle/test-support/fake-figma';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import { startTestServer, type TestServer } from '@figgle/test-support/test-server';
import { createUser, startMailCatcher, type TestUser } from '@figgle/test-support/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DrivenClock, drivenClock } from '../../src/clock/clock.ts';
import { IMAGE_RENDERS_PER_MINUTE } from '../../src/features/figma-design-changes/render-rate.ts';
import { FIGMA_DESIGN_CHANGE_JOB } from '../../src/jobs/job-kinds.ts';
import { enqueueJob } from '../../src/jobs/job-queue.ts';
import { wakeWorkers } from '../../src/jobs/wake.ts';
import {
  addMember,
  createOrganizationWorld,
  type OrganizationWorld,
} from '../organizations/organizations-world.ts';
import { createProject, eventually, OWNER_TOKEN } from './figma-world.ts';

/**
 * "Design changed" (issue 41): a FILE_VERSION_UPDATE (or FILE_UPDATE) delivery, stored as a job,
 * renders the file's linked nodes at the version, compares each PNG with what the task's assignee
 * saw, marks the changed ones and tells the assignee and watchers; renders keep to Figma's rate for
 * the images endpoint and back off on a 429 as long as Retry-After says.
 */
let mail: MailCatcher;
let figma: FakeFigma;
let server: TestServer;
let clock: DrivenClock;
let world: OrganizationWorld;
let watcher: TestUser;
let quiet: TestUser;
let projectId: string;

const IMAGES = /^\/v1\/images\//;
const db = () => server.deps.db;

beforeAll(async () => {
  mail = await startMailCatcher();
  figma = await new FakeFigma({ tokens: [OWNER_TOKEN] }).start();
  clock = drivenClock();
  server = await startTestServer({ SMTP_URL: mail.url, FIGMA_API_URL: figma.url }, { clock });
  world = await createOrganizationWorld(server, mail, 'Acme Design');
  watcher = await createUser(server, mail, { firstname: 'Wendy', lastname: 'Watcher' });
  quiet = await createUser(server, mail, { firstname: 'Quinn', lastname: 'Quiet' });
  for (const person of [watcher, quiet]) await addMember(world.owner, world.organizationId, person, mail);
  const token = await world.owner.api('/api/me/figma-token', { method: 'PUT', body: { token: OWNER_TOKEN } });
  expect(token.status, await token.clone().text()).toBe(200);
  projectId = await createProject(world.owner, world.organizationId, 'Checkout', 'CHK');
  // Quinn turned "Design changed" notifications off.
  const preferences = (await (await quiet.api('/api/me/notification-preferences')).json()) as Record<
    string,
    unknown
  >;
  const saved = await quiet.api('/api/me/notification-preferences', {
    method: 'PUT',
    body: {
      email_level: preferences.email_level,
      daily_digest: false,
      time_zone: 'Europe/Paris',
      design_changes: false,
    },
  });
  expect(saved.status, await saved.clone().text()).toBe(200);
  expect(((await saved.json()) as { design_changes: boolean }).design_changes).toBe(false);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await figma?.stop();
  await mail?.stop();
});

async function taskLinking(title: string, fileKey: string, nodeId: string): Promise<string> {
  const created = await world.owner.api(`/api/projects/${projectId}/tasks`, { body: { title } });
  expect(created.status, await created.clone().text()).toBe(201);
  const taskId = ((await created.json()) as { task_id: string }).task_id;
  const assigned = await world.owner.api(`/api/tasks/${taskId}`, {
    method: 'PATCH',
    body: { assignee_id: world.member.userId },
  });
  expect(assigned.status, await assigned.clone().text()).toBe(200);
  for (const person of [watcher, quiet]) {
    expect((await person.api(`/api/tasks/${taskId}/watch`, { method: 'PUT' })).status).toBe(200);
  }
  const url = `https://www.figma.com/design/${fileKey}/Checkout?node-id=${nodeId.replace(':', '-')}`;
  const linked = await world.owner.api(`/api/tasks/${taskId}/figma-nodes`, { body: { url } });
  expect(linked.status, await linked.clone().text()).toBe(201);
  return taskId;
}

/** A FILE_VERSION_UPDATE as the webhook stores it (the parsed delivery, without the passcode). */
async function deliverVersion(fileKey: string, version: { id: string; created_at: string }) {
  await enqueueJob(db(), {
    kind: FIGMA_DESIGN_CHANGE_JOB,
    organizationId: world.organizationId,
    dedupeKey: `${fileKey}:${version.id}`,
    payload: {
      event_type: 'FILE_VERSION_UPDATE',
      file_key: fileKey,
      file_name: SAMPLE_FILE_NAME,
      version_id: version.id,
      created_at: version.created_at,
      triggered_by: { id: '813845097374535682', handle: 'Grace Hopper' },
      timestamp: version.created_at,
    },
  });
  wakeWorkers(db());
}

const jobOf = (fileKey: string, versionId: string) =>
  db()
    .selectFrom('job')
    .select(['state', 'run_at', 'last_error', 'attempts'])
    .where('kind', '=', FIGMA_DESIGN_CHANGE_JOB)
    .where('dedupe_key', '=', `${fileKey}:${versionId}`)
    .executeTakeFirstOrThrow();

const done = (fileKey: string, versionId: string) =>
  eventually(
    async () => (await jobOf(fileKey, versionId)).state === 'done',
    `the job of ${versionId}`,
    30_000,
  );

const linkOf = (taskId: string) =>
  db().selectFrom('task_figma_node').selectAll().where('task_id', '=', taskId).executeTakeFirstOrThrow();

const toldOf = async (taskId: string) =>
  (
    await db()
      .selectFrom('notification')
      .select(['user_id', 'actor_id', 'detail'])
      .where('task_id', '=', taskId)
      .where('kind', '=', 'design_changed')
      .execute()
  ).map((row) => row.user_id);

/** A minute of the server's clock later, so the render budget of earlier tests is spent no more. */
const nextMinute = (minutes = 1) => new Date(clock.now().getTime() + minutes * 61_000);

describe('a version of a linked file', () => {
  it('marks a changed node "Design changed" and tells the assignee and watchers, not an unchanged one', async () => {
    const changed = await taskLinking('Checkout button', SAMPLE_FILE_KEY, '12:345');
    const unchanged = await taskLinking('Hero image', SAMPLE_FILE_KEY, '40:7');
    clock.set(nextMinute());
    const v1 = figma.history.createVersion(SAMPLE_FILE_KEY, { label: 'Checkout v1', at: clock.now() });
    figma.history.changeNode(SAMPLE_FILE_KEY, '12:345');
    clock.advance(60_000);
    const v2 = figma.history.createVersion(SAMPLE_FILE_KEY, { label: 'Checkout v2', at: clock.now() });

    const since = Date.now();
    await deliverVersion(SAMPLE_FILE_KEY, v2);
    await done(SAMPLE_FILE_KEY, v2.id);

    // Both nodes rendered at v2 in one call, and at v1 (what was there before) in another.
    const renders = figma.requests('GET', IMAGES).filter((r) => r.at >= since);
    expect(renders.map((r) => [r.query.version, r.query.ids?.split(',').sort()])).toEqual([
      [v2.id, ['12:345', '40:7']],
      [v1.id, ['12:345', '40:7']],
    ]);
    const link = await linkOf(changed);
    expect(link).toMatchObject({
      seen_version_id: v1.id,
      latest_version_id: v2.id,
      latest_version_label: 'Checkout v2',
      latest_version_author: 'Grace Hopper',
    });
    expect(link.design_changed_at).not.toBeNull();
    expect(link.seen_sha256).not.toBe(link.latest_sha256);
    expect((await linkOf(unchanged)).design_changed_at).toBeNull();

    // The assignee, the author (who watches what they made) and the watcher; Quinn turned it off.
    const told = await toldOf(changed);
    expect(told.sort()).toEqual([world.member.userId, world.owner.userId, watcher.userId].sort());
    expect(told).not.toContain(quiet.userId);
    expect(await toldOf(unchanged)).toEqual([]);
    const inbox = (await (await world.member.api('/api/notifications')).json()) as {
      entries: Array<{ kind: string; actor: unknown; detail: Record<string, unknown> }>;
    };
    expect(inbox.entries[0]).toMatchObject({
      kind: 'design_changed',
      actor: null,
      detail: { version_id: v2.id, version_label: 'Checkout v2', author: 'Grace Hopper' },
    });

    // The task page reads the change, both pictures and the version in Figma.
    const list = (await (await watcher.api(`/api/tasks/${changed}/design-changes`)).json()) as Array<{
      task_figma_node_id: string;
      version: { label: string | null; author: string | null };
      figma_url: string;
      before_image_url: string;
      after_image_url: string;
    }>;
    expect(list).toHaveLength(1);
    expect(list[0]!.version).toEqual({ id: v2.id, label: 'Checkout v2', author: 'Grace Hopper' });
    expect(list[0]!.figma_url).toBe(
      `https://www.figma.com/design/${SAMPLE_FILE_KEY}/?version-id=${v2.id}&node-id=12-345`,
    );
    const before = await watcher.api(list[0]!.before_image_url);
    const after = await watcher.api(list[0]!.after_image_url);
    expect([before.status, after.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(Buffer.from(await before.arrayBuffer()).equals(Buffer.from(await after.arrayBuffer()))).toBe(
      false,
    );
    expect((await world.outsider.api(`/api/tasks/${changed}/design-changes`)).status).toBe(404);
    const marked = async () =>
      (
        (await (await watcher.api(`/api/projects/${projectId}/design-changes`)).json()) as {
          task_ids: string[];
        }
      ).task_ids;
    expect(await marked()).toEqual([changed]);
    expect((await (await watcher.api(`/api/tasks/${unchanged}/design-changes`)).json()) as unknown[]).toEqual(
      [],
    );

    // The same delivery again (Figma's retry) renders nothing and tells nobody twice.
    const again = Date.now();
    await db().deleteFrom('job').where('dedupe_key', '=', `${SAMPLE_FILE_KEY}:${v2.id}`).execute();
    await deliverVersion(SAMPLE_FILE_KEY, v2);
    await done(SAMPLE_FILE_KEY, v2.id);
    expect(figma.requests('GET', IMAGES).filter((r) => r.at >= again)).toEqual([]);
    expect(await toldOf(changed)).toHaveLength(3);

    // A watcher opening the task changes nothing; the assignee opening it clears the mark.
    expect((await watcher.api(`/api/tasks/${changed}/design-changes/seen`, { method: 'POST' })).status).toBe(
      204,
    );
    expect((await linkOf(changed)).design_changed_at).not.toBeNull();
    expect(
      (await world.member.api(`/api/tasks/${changed}/design-changes/seen`, { method: 'POST' })).status,
    ).toBe(204);
    const seen = await linkOf(changed);
    expect(await marked()).toEqual([]);
    expect([seen.design_changed_at, seen.seen_version_id, seen.seen_sha256]).toEqual([
      null,
      v2.id,
      seen.latest_sha256,
    ]);

    // A new version where nothing changed: no mark, nobody told.
    clock.advance(60_000);
    const v3 = figma.history.createVersion(SAMPLE_FILE_KEY, { label: 'Copy tweaks', at: clock.now() });
    await deliverVersion(SAMPLE_FILE_KEY, v3);
    await done(SAMPLE_FILE_KEY, v3.id);
    expect((await linkOf(changed)).design_changed_at).toBeNull();
    expect((await linkOf(changed)).latest_version_id).toBe(v3.id);
    expect(await toldOf(changed)).toHaveLength(3);

    // v1 delivered late (Figma's retry after v3): an older version changes nothing.
    await deliverVersion(SAMPLE_FILE_KEY, v1);
    await done(SAMPLE_FILE_KEY, v1.id);
    expect((await linkOf(changed)).latest_version_id).toBe(v3.id);
    expect((await linkOf(changed)).design_changed_at).toBeNull();
    expect(await toldOf(changed)).toHaveLength(3);
  });

  it('comes from Figma’s webhook: FILE_VERSION_UPDATE and FILE_UPDATE of a linked file, none of another', async () => {
    const team = await world.owner.api(`/api/organizations/${world.organizationId}/figma-team`, {
      method: 'PUT',
      body: { figma_team_id: SAMPLE_TEAM_ID },
    });
    expect(team.status, await team.clone().text()).toBe(200);
    const link = await db()
      .selectFrom('task_figma_node')
      .select(['task_id'])
      .where('file_key', '=', SAMPLE_FILE_KEY)
      .where('node_id', '=', '12:345')
      .executeTakeFirstOrThrow();
    const toldBefore = (await toldOf(link.task_id)).length;
    const jobsOfKind = () =>
      db().selectFrom('job').select(['state']).where('kind', '=', FIGMA_DESIGN_CHANGE_JOB).execute();
    const jobsBefore = (await jobsOfKind()).length;

    figma.history.changeNode(SAMPLE_FILE_KEY, '12:345');
    clock.advance(60_000);
    const v4 = figma.history.createVersion(SAMPLE_FILE_KEY, { label: 'Checkout v4', at: clock.now() });
    const delivered = await figma.deliverEvent('FILE_VERSION_UPDATE', {
      file_key: SAMPLE_FILE_KEY,
      version_id: v4.id,
      created_at: v4.created_at,
      label: 'Checkout v4',
    });
    expect(delivered.status).toBe(200);
    await eventually(
      async () => (await linkOf(link.task_id)).latest_version_id === v4.id,
      'the render of v4',
    );
    expect((await linkOf(link.task_id)).design_changed_at).not.toBeNull();
    expect(await toldOf(link.task_id)).toHaveLength(toldBefore + 3);

    // A FILE_UPDATE names no version: the newest one stands for it (here v4 again, nothing new).
    expect((await figma.deliverEvent('FILE_UPDATE', { file_key: SAMPLE_FILE_KEY })).status).toBe(200);
    await eventually(
      async () =>
        (await jobsOfKind()).length === jobsBefore + 2 &&
        (await jobsOfKind()).every((j) => j.state === 'done'),
      'the FILE_UPDATE job',
    );
    expect(await toldOf(link.task_id)).toHaveLength(toldBefore + 3);

    // A file no task links: answered, and nothing stored.
    figma.addFile('NobodyLinksThis0000001', 'Elsewhere');
    const other = await figma.deliverEvent('FILE_VERSION_UPDATE', {
      file_key: 'NobodyLinksThis0000001',
      version_id: '77',
    });
    expect(other.status).toBe(200);
    expect(await jobsOfKind()).toHaveLength(jobsBefore + 2);
  });

  it('changes nothing for a file no task of the organization links', async () => {
    const fileKey = 'UnlinkedFile0000000001';
    figma.addFile(fileKey, 'Someone else’s file');
    const version = figma.history.createVersion(fileKey, { label: 'v9', at: clock.now() });
    const notifications = await db().selectFrom('notification').select('notification_id').execute();
    const links = await db().selectFrom('task_figma_node').selectAll().execute();
    const since = Date.now();
    await deliverVersion(fileKey, version);
    await done(fileKey, version.id);
    expect(figma.received.filter((r) => r.at >= since)).toEqual([]);
    expect(await db().selectFrom('notification').select('notification_id').execute()).toEqual(notifications);
    expect(await db().selectFrom('task_figma_node').selectAll().execute()).toEqual(links);
  });
});

describe('the picture of a design on the task page', () => {
  it('shows the older picture at once while the new one renders, and the new one after', async () => {
    const created = await world.owner.api(`/api/projects/${projectId}/tasks`, {
      body: { title: 'From a comment' },
    });
    const taskId = ((await created.json()) as { task_id: string }).task_id;
    // As a task made from a Figma comment pinned on node 55:5 records it.
    await db()
      .updateTable('task')
      .set({ figma_client_meta: JSON.stringify({ figma_file_key: SAMPLE_FILE_KEY, node_id: '55:5' }) })
      .where('task_id', '=', taskId)
      .execute();
    const picture = async () => {
      const answer = await world.owner.api(`/api/tasks/${taskId}/figma-image`);
      expect(answer.status).toBe(200);
      return Buffer.from(await answer.arrayBuffer());
    };
    const first = await picture();

    // A day and more later, the node was redrawn in Figma, and Figma is slow to render it.
    const cached = path.join(
      server.env.DATA_DIR,
      'figma-images',
      `${createHash('sha256').update(`${SAMPLE_FILE_KEY}\n55:5`).digest('hex')}.png`,
    );
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    await utimes(cached, twoDaysAgo, twoDaysAgo);
    figma.history.changeNode(SAMPLE_FILE_KEY, '55:5');
    const release = figma.stall('GET', IMAGES);
    try {
      expect((await picture()).equals(first)).toBe(true);
    } finally {
      release();
    }
    const second = await eventually(async () => {
      const bytes = await picture();
      return bytes.equals(first) ? null : bytes;
    }, 'the new picture');
    expect(second.length).toBeGreaterThan(0);
  });
});

describe('re-renders and Figma’s rate', () => {
  it(`render at most ${IMAGE_RENDERS_PER_MINUTE} times a minute; the others wait for the window`, async () => {
    const fileKey = 'RateFile00000000000001';
    figma.addFile(fileKey, 'Busy file');
    await taskLinking('Busy frame', fileKey, '7:1');
    clock.set(nextMinute(2));
    const versions: Array<{ id: string; created_at: string }> = [];
    for (let n = 0; n < IMAGE_RENDERS_PER_MINUTE + 2; n += 1) {
      figma.history.changeNode(fileKey, '7:1');
      versions.push(figma.history.createVersion(fileKey, { label: `Busy ${n}`, at: clock.now() }));
    }
    const since = Date.now();
    const rendersOfFile = () =>
      figma.requests('GET', IMAGES).filter((r) => r.at >= since && r.path.includes(fileKey));
    for (const version of versions) await deliverVersion(fileKey, version);

    // The budget of the minute spent, the other jobs wait (pending, due later), none failed.
    const waiting = await eventually(async () => {
      const jobs = await Promise.all(versions.map((v) => jobOf(fileKey, v.id)));
      const settled = jobs.every(
        (job) => job.state === 'done' || (job.state === 'pending' && job.attempts === 0),
      );
      const pending = jobs.filter((job) => job.state === 'pending');
      const spent = settled && rendersOfFile().length === IMAGE_RENDERS_PER_MINUTE;
      return spent && pending.length > 0 ? pending : null;
    }, 'the render budget spent');
    expect(waiting.length).toBeGreaterThan(0);
    expect(rendersOfFile()).toHaveLength(IMAGE_RENDERS_PER_MINUTE);

    // A minute later, the rest render.
    clock.advance(61_000);
    wakeWorkers(db());
    for (const version of versions) await done(fileKey, version.id);
    expect(rendersOfFile().length).toBeGreaterThan(IMAGE_RENDERS_PER_MINUTE);
    expect(rendersOfFile().length).toBeLessThanOrEqual(2 * IMAGE_RENDERS_PER_MINUTE);
  });

  it('waits out a short Retry-After once, and leaves a long one to the job’s next try', async () => {
    const fileKey = 'LimitFile0000000000001';
    figma.addFile(fileKey, 'Limited file');
    const taskId = await taskLinking('Limited frame', fileKey, '9:9');
    // Real time from here: the token's wait after a 429 is counted on the real clock.
    clock.reset();
    const soon = (seconds: number) => new Date(Date.now() + seconds * 1000);
    const base = figma.history.createVersion(fileKey, { label: 'Base', at: soon(2) });
    figma.history.changeNode(fileKey, '9:9');
    const short = figma.history.createVersion(fileKey, { label: 'Short wait', at: soon(3) });

    // A 429 with Retry-After: 1 on the render: Figma is asked again a second later, not sooner.
    figma.rateLimitNext(1, 1, IMAGES);
    const since = Date.now();
    await deliverVersion(fileKey, short);
    await done(fileKey, short.id);
    const renders = figma.requests('GET', IMAGES).filter((r) => r.at >= since);
    expect(renders[0]!.query.version).toBe(short.id);
    expect(renders[1]!.query.version).toBe(short.id);
    expect(renders[1]!.at - renders[0]!.at).toBeGreaterThanOrEqual(1_000);
    expect((await linkOf(taskId)).seen_version_id).toBe(base.id);

    // A 429 with Retry-After: 120: the job is put back, due no sooner, and Figma is not asked again.
    figma.history.changeNode(fileKey, '9:9');
    const long = figma.history.createVersion(fileKey, { label: 'Long wait', at: soon(4) });
    figma.rateLimitNext(1, 120, IMAGES);
    const later = Date.now();
    await deliverVersion(fileKey, long);
    const job = await eventually(async () => {
      const row = await jobOf(fileKey, long.id);
      return row.state === 'pending' && row.last_error ? row : null;
    }, 'the job put back');
    expect(job.last_error).toMatch(/429|rate/i);
    expect(new Date(job.run_at).getTime() - Date.now()).toBeGreaterThan(110_000);
    expect(figma.requests('GET', IMAGES).filter((r) => r.at >= later)).toHaveLength(1);
    expect((await linkOf(taskId)).latest_version_id).toBe(short.id);
  });
});
