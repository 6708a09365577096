// @database both
import type { FailedFigmaWorkList } from '@figgle/shared/figma-delivery-schemas';
import { FakeFigma, SAMPLE_FILE_KEY, SAMPLE_TEAM_ID } from '@figgle/test-support/fake-figma';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import { startTestServer } from '@figgle/test-support/test-server';
import { createUser, startMailCatcher } from '@figgle/test-support/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganizationAs } from '../organizations/organizations-world.ts';
import {
  connectFigma,
  createProject,
  eventually,
  type FigmaWorld,
  OWNER_TOKEN,
  stopFigmaWorld,
} from './figma-world.ts';

/**
 * Figma deliveries and "Done in Figgle" replies go through the durable job table (src/jobs/): stored
 * before the webhook answers, retried with growing waits on a passing Figma failure, failed for good
 * with a reason on a refusal, and shown on the radar then.
 */
let mail: MailCatcher;
let world: FigmaWorld;
const COMMENTS_PATH = /^\/v1\/files\/[^/]+\/comments$/;

/** An organization with Figma connected, and another one (the outsider's): no invitation needed. */
async function startJobsWorld(): Promise<FigmaWorld> {
  const figma = await new FakeFigma({ tokens: [OWNER_TOKEN] }).start();
  const server = await startTestServer({ SMTP_URL: mail.url, FIGMA_API_URL: figma.url });
  const owner = await createUser(server, mail, { firstname: 'Olive', lastname: 'Owner' });
  const outsider = await createUser(server, mail, { firstname: 'Otto', lastname: 'Outsider' });
  const organizationId = await createOrganizationAs(owner, 'Acme Design');
  const outsiderOrganizationId = await createOrganizationAs(outsider, 'Elsewhere');
  const projectId = await createProject(owner, organizationId, 'Checkout', 'CHK');
  const jobsWorld = { server, figma, owner, member: owner, outsider, organizationId, outsiderOrganizationId };
  return { ...jobsWorld, projectId };
}

beforeAll(async () => {
  mail = await startMailCatcher();
  world = await startJobsWorld();
  await connectFigma(world);
});
afterAll(async () => {
  await stopFigmaWorld(world);
  await mail.stop();
});

const db = () => world.server.deps.db;

function deliveryJob(commentId: string, organizationId = world.organizationId) {
  return db()
    .selectFrom('job')
    .selectAll()
    .where('kind', '=', 'figma_delivery')
    .where('organization_id', '=', organizationId)
    .where('dedupe_key', '=', commentId)
    .executeTakeFirst();
}

function eventOf(commentId: string, organizationId = world.organizationId) {
  return db()
    .selectFrom('figma_event')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('figma_comment_id', '=', commentId)
    .executeTakeFirst();
}

const taskOf = async (commentId: string, organizationId = world.organizationId) =>
  eventually(
    async () => (await eventOf(commentId, organizationId))?.task_id,
    `the task of ${commentId}`,
    30_000,
  );

const commentCalls = (since: number) =>
  world.figma.received.filter((r) => r.method === 'GET' && COMMENTS_PATH.test(r.path) && r.at >= since);

async function failures(user = world.member): Promise<FailedFigmaWorkList['failures']> {
  const response = await user.api('/api/figma-events/failed');
  expect(response.status).toBe(200);
  return ((await response.json()) as FailedFigmaWorkList).failures;
}

describe('a delivery is stored before it is answered', () => {
  it('is a job when the 200 leaves, even while Figma has not answered; Figma retrying adds nothing', async () => {
    const release = world.figma.stall('GET', COMMENTS_PATH);
    try {
      const answer = await world.figma.deliverTaskComment({
        commentId: '7000000001',
        fragments: [{ text: 'Kept before the answer #task' }],
      });
      expect(answer.status).toBe(200);
      const job = await deliveryJob('7000000001');
      expect(job?.state === 'pending' || job?.state === 'running').toBe(true);
      expect(job?.payload).toMatchObject({ comment_id: '7000000001', file_key: SAMPLE_FILE_KEY });
      expect(JSON.stringify(job?.payload)).not.toContain('passcode');
      expect(await eventOf('7000000001')).toBeUndefined();

      const again = await world.figma.deliverTaskComment({
        commentId: '7000000001',
        fragments: [{ text: 'Kept before the answer #task' }],
        retries: 1,
      });
      expect(again.status).toBe(200);
      const jobs = await db()
        .selectFrom('job')
        .select('job_id')
        .where('dedupe_key', '=', '7000000001')
        .execute();
      expect(jobs).toHaveLength(1);
    } finally {
      release();
    }
    await taskOf('7000000001');
    await eventually(async () => (await deliveryJob('7000000001'))?.state === 'done', 'the job done');
  });

  it('processes a reply after the root of its thread, even when the root waits for Figma', async () => {
    const release = world.figma.stall('GET', COMMENTS_PATH);
    try {
      await world.figma.deliverTaskComment({ commentId: '7000000010', fragments: [{ text: 'Root #task' }] });
      await world.figma.deliverReply({ commentId: '7000000011', parentId: '7000000010', text: 'A reply' });
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    } finally {
      release();
    }
    const taskId = await taskOf('7000000010');
    const comments = await eventually(async () => {
      const response = await world.member.api(`/api/tasks/${taskId}/comments`);
      const list = (await response.json()) as Array<{ author_name: string }>;
      return list.length > 0 ? list : null;
    }, 'the reply as a comment');
    expect(comments).toHaveLength(1);
  });
});

describe('a Figma failure while processing a delivery', () => {
  it('is tried again after 2 s, then 4 s, on an outage (500), then the task is made', async () => {
    const started = Date.now();
    world.figma.failNext(2, 500, COMMENTS_PATH);
    const answer = await world.figma.deliverTaskComment({
      commentId: '7000000020',
      fragments: [{ text: 'Through an outage #task' }],
    });
    expect(answer.status).toBe(200);
    await taskOf('7000000020');
    const calls = commentCalls(started);
    expect(calls).toHaveLength(3);
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(1_900);
    expect(calls[2]!.at - calls[1]!.at).toBeGreaterThanOrEqual(3_900);
    const job = await eventually(async () => {
      const row = await deliveryJob('7000000020');
      return row?.state === 'done' ? row : null;
    }, 'the job done');
    expect(job.attempts).toBe(3);
  }, 40_000);

  it("waits out Figma's rate limit (429, Retry-After), then the task is made", async () => {
    // Only the comments call (the task's dev-resource job also calls Figma once the task exists).
    world.figma.rateLimitNext(2, 1, COMMENTS_PATH);
    await world.figma.deliverTaskComment({
      commentId: '7000000030',
      fragments: [{ text: 'Through a rate limit #task' }],
    });
    await taskOf('7000000030');
    const job = await eventually(async () => {
      const row = await deliveryJob('7000000030');
      return row?.state === 'done' ? row : null;
    }, 'the job done');
    expect(job.attempts).toBe(2);
  }, 40_000);

  it('fails for good on a refusal (404), with its reason, shown on the radar to members only', async () => {
    const started = Date.now();
    world.figma.failNext(1, 404, COMMENTS_PATH);
    await world.figma.deliverTaskComment({
      commentId: '7000000040',
      fragments: [{ text: 'Refused by Figma #task' }],
    });
    const job = await eventually(async () => {
      const row = await deliveryJob('7000000040');
      return row?.state === 'failed' ? row : null;
    }, 'the job failed');
    expect(job.attempts).toBe(1);
    expect(job.last_error).toMatch(/Figma could not find/);
    expect(job.finished_at).toBeInstanceOf(Date);
    expect(commentCalls(started)).toHaveLength(1);
    expect(await eventOf('7000000040')).toBeUndefined();

    const shown = (await failures()).find((failure) => failure.job_id === job.job_id);
    expect(shown).toMatchObject({
      kind: 'DELIVERY',
      organization_id: world.organizationId,
      content: 'Refused by Figma #task',
      figma_file_name: 'Checkout redesign',
      figma_triggered_by: 'Grace Hopper',
      task_id: null,
      attempts: 1,
    });
    expect(shown?.reason).toMatch(/Figma could not find .*HTTP 404/);
    expect((await failures(world.outsider)).some((failure) => failure.job_id === job.job_id)).toBe(false);
  });
  it('is tried again from the radar by a member: the task is made, with the replies stored meanwhile; outsiders and bad ids are refused', async () => {
    const job = (await deliveryJob('7000000040'))!;
    expect(job.state).toBe('failed');
    const retryPath = `/api/figma-events/failed/${job.job_id}/retry`;
    expect((await world.outsider.api(retryPath, { method: 'POST', body: {} })).status).toBe(404);
    expect(
      (await world.member.api('/api/figma-events/failed/not-a-uuid/retry', { method: 'POST', body: {} }))
        .status,
    ).toBe(400);
    expect((await deliveryJob('7000000040'))?.state).toBe('failed');
    // A reply in the thread meanwhile finds no task: it is kept for the radar only, for now.
    await world.figma.deliverReply({
      commentId: '7000000041',
      parentId: '7000000040',
      fragments: [{ text: 'Still wrong' }],
    });
    await eventually(async () => (await deliveryJob('7000000041'))?.state === 'done', 'the reply stored');

    expect((await world.member.api(retryPath, { method: 'POST', body: {} })).status).toBe(204);
    const taskId = await taskOf('7000000040');
    // The root became a task: the reply stored before it is a comment on it.
    const comments = (await (await world.member.api(`/api/tasks/${taskId}/comments`)).json()) as Array<{
      author_name: string;
      content_json: unknown;
    }>;
    expect(comments).toEqual([
      expect.objectContaining({
        author_name: 'Ada Lovelace',
        content_json: { ops: [{ insert: 'Still wrong\n' }] },
      }),
    ]);
    expect((await eventOf('7000000041'))?.task_id).toBe(taskId);
    const done = await eventually(async () => {
      const row = await deliveryJob('7000000040');
      return row?.state === 'done' ? row : null;
    }, 'the job done');
    expect(done.attempts).toBe(1);
    expect((await failures()).some((failure) => failure.job_id === job.job_id)).toBe(false);
    expect((await world.member.api(retryPath, { method: 'POST', body: {} })).status).toBe(409);
  });
});

describe('Back to Figma through the job table', () => {
  it('stores the reply with the status change, and sends it once through an outage', async () => {
    await world.owner.api(`/api/organizations/${world.organizationId}/figma-reply-on-done`, {
      method: 'PUT',
      body: { enabled: true },
    });
    const taskId = await taskOf('7000000020');
    const root = (await eventOf('7000000020'))!;
    world.figma.failNext(1, 500, COMMENTS_PATH);
    const done = await world.member.api(`/api/tasks/${taskId}`, {
      method: 'PATCH',
      body: { status: 'DONE' },
    });
    expect(done.status).toBe(200);
    const job = await db()
      .selectFrom('job')
      .selectAll()
      .where('kind', '=', 'figma_reply')
      .where('dedupe_key', '=', root.figma_event_id)
      .executeTakeFirst();
    expect(job).toBeDefined();

    await eventually(
      async () => world.figma.repliesIn(SAMPLE_FILE_KEY, '7000000020').length === 1,
      'the reply in Figma',
      20_000,
    );
    const sent = await eventually(async () => {
      const row = await db()
        .selectFrom('job')
        .selectAll()
        .where('job_id', '=', job!.job_id)
        .executeTakeFirst();
      return row?.state === 'done' ? row : null;
    }, 'the reply job done');
    expect(sent.attempts).toBe(2);
    expect((await eventOf('7000000020'))?.done_reply_at).toBeInstanceOf(Date);

    // Reopened and done again: nothing more is sent.
    await world.member.api(`/api/tasks/${taskId}`, { method: 'PATCH', body: { status: 'TODO' } });
    await world.member.api(`/api/tasks/${taskId}`, { method: 'PATCH', body: { status: 'DONE' } });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(world.figma.repliesIn(SAMPLE_FILE_KEY, '7000000020')).toHaveLength(1);
  }, 40_000);

  it('keeps a reply Figma refused for good, with its reason, on the radar', async () => {
    const taskId = await taskOf('7000000030');
    world.figma.tokens.delete(OWNER_TOKEN);
    try {
      await world.member.api(`/api/tasks/${taskId}`, { method: 'PATCH', body: { status: 'DONE' } });
      const failure = await eventually(
        async () => (await failures()).find((f) => f.kind === 'REPLY' && f.task_id === taskId),
        'the failed reply on the radar',
      );
      expect(failure.reason).toMatch(/Figma refused the token.*HTTP 403/);
      expect(failure.content).toBe('Through a rate limit');
    } finally {
      world.figma.tokens.add(OWNER_TOKEN);
    }
    expect(world.figma.repliesIn(SAMPLE_FILE_KEY, '7000000030')).toHaveLength(0);
  });
});

describe('the other Figma work on the radar when it failed for good', () => {
  /** A job as the worker leaves it when it gives up: failed, with the reason of its last try. */
  async function failedJob(kind: string, payload: Record<string, unknown>, reason: string) {
    const row = await db()
      .insertInto('job')
      .values({
        kind,
        organization_id: world.organizationId,
        dedupe_key: `radar-${kind}-${Date.now()}`,
        payload: JSON.stringify(payload) as never,
        state: 'failed',
        attempts: 5,
        last_error: reason,
        finished_at: new Date(),
      })
      .returning('job_id')
      .executeTakeFirstOrThrow();
    return row.job_id;
  }

  it('lists a new version, a Dev Mode status and a dev resource with what each was about; Try again runs it', async () => {
    const created = await world.member.api(`/api/projects/${world.projectId}/tasks`, {
      method: 'POST',
      body: { title: 'Linked to a frame' },
    });
    expect(created.status).toBe(201);
    const taskId = ((await created.json()) as { task_id: string }).task_id;
    const version = await failedJob(
      'figma_design_change',
      {
        event_type: 'FILE_VERSION_UPDATE',
        // A file no task links: tried again, its check has nothing to render and ends at once.
        file_key: 'UnlinkedFile0042',
        file_name: 'Checkout flows',
        version_id: '4242',
        triggered_by: { id: '1', handle: 'Grace Hopper' },
        timestamp: new Date().toISOString(),
      },
      'Figma refused the token (HTTP 403).',
    );
    const status = await failedJob(
      'figma_dev_status',
      {
        file_key: SAMPLE_FILE_KEY,
        file_name: 'Checkout flows',
        node_id: '1:2',
        status: 'READY_FOR_DEV',
        triggered_by: { id: '1', handle: 'Grace Hopper' },
        timestamp: new Date().toISOString(),
      },
      'Figma did not answer.',
    );
    const resource = await failedJob(
      'figma_dev_resource',
      { task_id: taskId, file_key: SAMPLE_FILE_KEY, node_id: '1:2' },
      'Figma allows 10 dev resources per node.',
    );

    const listed = await failures();
    expect(listed.find((failure) => failure.job_id === version)).toMatchObject({
      kind: 'DESIGN_CHANGE',
      figma_file_name: 'Checkout flows',
      figma_triggered_by: 'Grace Hopper',
      reason: 'Figma refused the token (HTTP 403).',
      attempts: 5,
      task_id: null,
    });
    expect(listed.find((failure) => failure.job_id === status)).toMatchObject({
      kind: 'DEV_STATUS',
      figma_file_name: 'Checkout flows',
    });
    expect(listed.find((failure) => failure.job_id === resource)).toMatchObject({
      kind: 'DEV_RESOURCE',
      content: 'Linked to a frame',
      task_id: taskId,
    });
    const theirs = await failures(world.outsider);
    expect(theirs.some((failure) => [version, status, resource].includes(failure.job_id))).toBe(false);
    expect(
      (await world.outsider.api(`/api/figma-events/failed/${version}/retry`, { method: 'POST', body: {} }))
        .status,
    ).toBe(404);

    expect(
      (await world.member.api(`/api/figma-events/failed/${version}/retry`, { method: 'POST', body: {} }))
        .status,
    ).toBe(204);
    await eventually(async () => {
      const job = await db()
        .selectFrom('job')
        .select('state')
        .where('job_id', '=', version)
        .executeTakeFirst();
      return job?.state === 'done';
    }, 'the version checked again');
    expect((await failures()).some((failure) => failure.job_id === version)).toBe(false);
  });
});

describe('two organizations following the same Figma team', () => {
  it('each keeps the reply of a thread both were sent', async () => {
    const other = world.outsider;
    const otherOrganizationId = world.outsiderOrganizationId;
    const otherToken = 'figd_other-studio-token-9f8e';
    world.figma.tokens.add(otherToken);
    expect(
      (await other.api('/api/me/figma-token', { method: 'PUT', body: { token: otherToken } })).status,
    ).toBe(200);
    const team = await other.api(`/api/organizations/${otherOrganizationId}/figma-team`, {
      method: 'PUT',
      body: { figma_team_id: SAMPLE_TEAM_ID },
    });
    expect(((await team.json()) as { webhook_live: boolean }).webhook_live).toBe(true);
    const otherWebhook = world.figma.latestWebhook()!.id;
    const otherProject = await createProject(other, otherOrganizationId, 'Studio', 'STU');
    const link = await other.api('/api/design-links', {
      body: { figma_file_id: SAMPLE_FILE_KEY, project_id: otherProject },
    });
    expect(link.status).toBe(201);
    const firstWebhook = [...world.figma.webhooks.values()].find((w) => w.id !== otherWebhook)!.id;

    for (const webhookId of [firstWebhook, otherWebhook]) {
      await world.figma.deliverTaskComment({
        webhookId,
        commentId: '7100000001',
        fragments: [{ text: 'Shared thread #task' }],
      });
    }
    const firstTask = await taskOf('7100000001');
    const otherTask = await taskOf('7100000001', otherOrganizationId);
    for (const webhookId of [firstWebhook, otherWebhook]) {
      await world.figma.deliverReply({ webhookId, commentId: '7100000002', parentId: '7100000001' });
    }

    for (const [user, taskId] of [
      [world.member, firstTask],
      [other, otherTask],
    ] as const) {
      const comments = await eventually(async () => {
        const list = (await (await user.api(`/api/tasks/${taskId}/comments`)).json()) as Array<{
          content_json: { ops: Array<{ insert: string }> };
        }>;
        return list.length > 0 ? list : null;
      }, 'the reply on each organization task');
      expect(comments).toHaveLength(1);
      expect(comments[0]!.content_json.ops[0]!.insert).toBe('Fixed in v3, please check again\n');
    }
  });
});
