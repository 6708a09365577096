// @database both
import { SAMPLE_FILE_KEY } from '@figgle/test-support/fake-figma';
import { describe, expect, it } from 'vitest';
import { eventually, type FigmaWorld, figmaWorldPerFile } from './figma-world.ts';

// Ready for dev (issue 41): a linked node's Dev Mode status, read when the link is made and set by
// each DEV_MODE_STATUS_UPDATE delivery; the project's rule that moves the task; what the webhook
// refuses or drops.

let world: FigmaWorld;

figmaWorldPerFile((started) => ({ world } = started), { connected: true });

const db = () => world.server.deps.db;
const nodeLink = (nodeId: string) =>
  `https://www.figma.com/design/${SAMPLE_FILE_KEY}/Checkout?node-id=${nodeId.replace(':', '-')}`;

/** A task of the project linking `nodeId`, once the link's status was read from Figma. */
async function linkedTask(title: string, nodeId: string): Promise<string> {
  const created = await world.member.api(`/api/projects/${world.projectId}/tasks`, { body: { title } });
  expect(created.status).toBe(201);
  const taskId = ((await created.json()) as { task_id: string }).task_id;
  const linked = await world.member.api(`/api/tasks/${taskId}/figma-nodes`, {
    body: { url: nodeLink(nodeId) },
  });
  expect(linked.status, await linked.clone().text()).toBe(201);
  await eventually(async () => (await linkOf(taskId)).dev_status_at, 'the status read on linking');
  return taskId;
}

function linkOf(taskId: string) {
  return db()
    .selectFrom('task_figma_node')
    .select(['dev_status', 'dev_status_at'])
    .where('task_id', '=', taskId)
    .executeTakeFirstOrThrow();
}

async function taskStatus(taskId: string): Promise<string> {
  const row = await db()
    .selectFrom('task')
    .select('status')
    .where('task_id', '=', taskId)
    .executeTakeFirstOrThrow();
  return row.status;
}

async function statusJobs(): Promise<number> {
  const row = await db()
    .selectFrom('job')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('kind', '=', 'figma_dev_status')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function setRule(readyStatus: string | null) {
  const answer = await world.owner.api(`/api/projects/${world.projectId}/figma-ready-rule`, {
    method: 'PUT',
    body: { ready_status: readyStatus },
  });
  expect(answer.status).toBe(200);
  return answer.json();
}

/**
 * Figma's timestamps of this file's deliveries, in order: seconds after a minute from now (a link's
 * status read from Figma is dated when it was read, and a delivery older than that changes nothing).
 */
const base = Date.now() + 60_000;
const at = (seconds: number) => new Date(base + seconds * 1000).toISOString();

describe('the Dev Mode status of a linked node', () => {
  it('is read from Figma when the link is made', async () => {
    world.figma.devStatuses.set(SAMPLE_FILE_KEY, '30:1', 'READY_FOR_DEV');
    const taskId = await linkedTask('Already marked', '30:1');
    expect((await linkOf(taskId)).dev_status).toBe('READY_FOR_DEV');
    const read = world.figma.requests('GET', new RegExp(`^/v1/files/${SAMPLE_FILE_KEY}/nodes$`)).at(-1)!;
    expect(read.query.ids!.split(',')).toContain('30:1');
    // Linking a node that is already Ready for dev is no "becoming" ready: the task stays.
    expect(await taskStatus(taskId)).toBe('TODO');
    const task = await world.member.api(`/api/tasks/${taskId}`);
    expect(await task.json()).toMatchObject({ design_status: 'READY_FOR_DEV' });
  });

  it('reads the links of one file made together in one call to Figma', async () => {
    const taskIds: string[] = [];
    for (const title of ['Batch 1', 'Batch 2', 'Batch 3']) {
      const created = await world.member.api(`/api/projects/${world.projectId}/tasks`, { body: { title } });
      taskIds.push(((await created.json()) as { task_id: string }).task_id);
    }
    world.figma.devStatuses.set(SAMPLE_FILE_KEY, '33:2', 'COMPLETED');
    // As an import or the plugin links several frames: one statement, three links.
    await db()
      .insertInto('task_figma_node')
      .values(
        taskIds.map((taskId, i) => ({
          task_id: taskId,
          organization_id: world.organizationId,
          file_key: SAMPLE_FILE_KEY,
          node_id: `33:${i + 1}`,
          source: 'link' as const,
        })),
      )
      .execute();
    for (const taskId of taskIds) {
      await eventually(async () => (await linkOf(taskId)).dev_status_at, 'each link read');
    }
    expect((await linkOf(taskIds[1]!)).dev_status).toBe('COMPLETED');
    const calls = world.figma
      .requests('GET', /\/nodes$/)
      .map((request) => request.query.ids!.split(','))
      .filter((ids) => ids.some((id) => id.startsWith('33:')));
    expect(calls.some((ids) => ['33:1', '33:2', '33:3'].every((id) => ids.includes(id)))).toBe(true);
  });

  it('is stored from a delivery, and moves nothing while the project has no rule', async () => {
    const taskId = await linkedTask('Rule off', '31:1');
    expect((await linkOf(taskId)).dev_status).toBe('NONE');
    const answer = await world.figma.deliverDevModeStatus({
      nodeId: '31:1',
      status: 'READY_FOR_DEV',
      timestamp: at(1),
    });
    expect(answer.status).toBe(200);
    await eventually(async () => (await linkOf(taskId)).dev_status === 'READY_FOR_DEV', 'the status stored');
    expect(await taskStatus(taskId)).toBe('TODO');
    const board = await world.member.api(`/api/projects/${world.projectId}/tasks`);
    const listed = ((await board.json()) as Array<{ task_id: string; design_status: string | null }>).find(
      (t) => t.task_id === taskId,
    );
    expect(listed?.design_status).toBe('READY_FOR_DEV');
  });

  it("moves the task to the rule's status once, whatever Figma sends again", async () => {
    expect(await setRule('DOING')).toEqual({
      project_id: world.projectId,
      ready_status: 'DOING',
      can_mark_completed: false,
    });
    const taskId = await linkedTask('Rule on', '32:1');
    const jobsBefore = await statusJobs();
    const delivery = { nodeId: '32:1', status: 'READY_FOR_DEV' as const, timestamp: at(10) };
    expect((await world.figma.deliverDevModeStatus(delivery)).status).toBe(200);
    await eventually(async () => (await taskStatus(taskId)) === 'DOING', 'the task moved');
    expect((await linkOf(taskId)).dev_status).toBe('READY_FOR_DEV');
    const log = await db()
      .selectFrom('log')
      .select(['type', 'author_id'])
      .where('task_id', '=', taskId)
      .where('type', '=', 'STATUS')
      .execute();
    expect(log).toEqual([{ type: 'STATUS', author_id: world.owner.userId }]);

    // Someone moves it back; Figma's retry of the same delivery stores nothing and moves nothing.
    await world.member.api(`/api/tasks/${taskId}`, { method: 'PATCH', body: { status: 'TODO' } });
    expect((await world.figma.deliverDevModeStatus(delivery)).status).toBe(200);
    expect(await statusJobs()).toBe(jobsBefore + 1);
    expect(await taskStatus(taskId)).toBe('TODO');

    // A delivery older than the stored status (late, out of order) changes nothing either.
    expect(
      (await world.figma.deliverDevModeStatus({ nodeId: '32:1', status: 'NONE', timestamp: at(5) })).status,
    ).toBe(200);
    await eventually(async () => {
      const jobs = await db()
        .selectFrom('job')
        .select('state')
        .where('kind', '=', 'figma_dev_status')
        .where('state', '!=', 'done')
        .execute();
      return jobs.length === 0;
    }, 'the late delivery processed');
    expect((await linkOf(taskId)).dev_status).toBe('READY_FOR_DEV');

    // Completed, then Ready for dev again: it became ready again, so the rule moves it again.
    await world.figma.deliverDevModeStatus({ nodeId: '32:1', status: 'COMPLETED', timestamp: at(20) });
    await eventually(async () => (await linkOf(taskId)).dev_status === 'COMPLETED', 'Completed stored');
    const completed = await world.member.api(`/api/tasks/${taskId}`);
    expect(await completed.json()).toMatchObject({ design_status: 'COMPLETED' });
    await world.figma.deliverDevModeStatus({ nodeId: '32:1', status: 'READY_FOR_DEV', timestamp: at(30) });
    await eventually(async () => (await taskStatus(taskId)) === 'DOING', 'the task moved again');
    await setRule(null);
  });

  it('answers 400 to a wrong passcode and stores nothing', async () => {
    const before = await statusJobs();
    const answer = await world.figma.deliverDevModeStatus({
      nodeId: '32:1',
      status: 'COMPLETED',
      passcode: 'not-the-passcode',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'webhook_refused' });
    expect(await statusJobs()).toBe(before);
  });

  it('answers 200 to an event about a file no task or project links, and stores nothing', async () => {
    world.figma.addFile('UnlinkedFile00000001', 'Someone else’s file');
    const before = await statusJobs();
    const answer = await world.figma.deliverDevModeStatus({
      fileKey: 'UnlinkedFile00000001',
      nodeId: '1:2',
      status: 'READY_FOR_DEV',
    });
    expect(answer).toEqual({ status: 200, body: { received: true, ignored: 'DEV_MODE_STATUS_UPDATE' } });
    expect(await statusJobs()).toBe(before);
  });

  it('answers 400 to a malformed delivery and stores nothing', async () => {
    const before = await statusJobs();
    const answer = await world.figma.deliverEvent('DEV_MODE_STATUS_UPDATE', {
      file_key: SAMPLE_FILE_KEY,
      node_id: '32:1',
      status: 'SHIPPED',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'bad_delivery' });
    expect(await statusJobs()).toBe(before);
  });
});

describe("the project's Ready-for-dev rule", () => {
  it('takes a status of the project, refuses another value, and is off by default', async () => {
    const path = `/api/projects/${world.projectId}/figma-ready-rule`;
    expect(await (await world.member.api(path)).json()).toMatchObject({ ready_status: null });
    const archive = await world.owner.api(path, { method: 'PUT', body: { ready_status: 'ARCHIVE' } });
    expect(archive.status).toBe(400);
    const missing = await world.owner.api(path, { method: 'PUT', body: {} });
    expect(missing.status).toBe(400);
    expect(await (await world.member.api(path)).json()).toMatchObject({ ready_status: null });
    expect((await world.outsider.api(path)).status).toBe(404);
  });
});
