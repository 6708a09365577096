// @database pglite
import type { DashboardView } from '@figgle/shared/dashboard-schemas';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { apiAs, createUser, serverWithMail, type TestUser } from '@figgle/test-support/users';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdaCarolBob, createOrganizationAs, giveRule } from '../organizations/organizations-world.ts';
import { countStatements } from '../support/count-statements.ts';
import { createProject as createProjectAs } from '../support/projects.ts';

let server: TestServer;
let mail: MailCatcher;
let ada: TestUser;
let carol: TestUser;
let bob: TestUser;
let adaOrg: string;
let carolOrg: string;
let bobOrg: string;

const DAY = 24 * 60 * 60 * 1000;

const createProject = (user: TestUser, organizationId: string, name: string) =>
  createProjectAs(user, organizationId, name, name.slice(0, 3), { emoji: 'fish' });

async function createTask(
  user: TestUser,
  projectId: string,
  title: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const response = await user.api(`/api/projects/${projectId}/tasks`, { body: { title, ...extra } });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { task_id: string }).task_id;
}

async function patchTask(user: TestUser, taskId: string, body: Record<string, unknown>) {
  const response = await user.api(`/api/tasks/${taskId}`, { method: 'PATCH', body });
  expect(response.status, await response.clone().text()).toBe(200);
}

async function dashboard(user: TestUser): Promise<DashboardView> {
  const response = await user.api('/api/dashboard');
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as DashboardView;
}

/** The Monday (UTC) of the week holding `time`, as YYYY-MM-DD. */
function mondayOf(time: number): string {
  const date = new Date(time);
  const daysSinceMonday = (date.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - daysSinceMonday))
    .toISOString()
    .slice(0, 10);
}

async function backdatedLog(values: {
  taskId: string;
  projectId: string;
  organizationId: string;
  type: 'CREATION' | 'STATUS' | 'TITLE';
  metadata: Record<string, unknown>;
  at: Date;
}) {
  await server.deps.db
    .insertInto('log')
    .values({
      task_id: values.taskId,
      project_id: values.projectId,
      organization_id: values.organizationId,
      author_id: null,
      type: values.type,
      metadata: JSON.stringify(values.metadata),
      created_at: values.at,
    })
    .execute();
}

serverWithMail((started) => ({ server, mail } = started));
beforeAll(async () => {
  ({ ada, carol, bob } = await createAdaCarolBob(server, mail));
  adaOrg = await createOrganizationAs(ada, 'Engines');
  carolOrg = await createOrganizationAs(carol, 'Carol’s');
  bobOrg = await createOrganizationAs(bob, 'Elsewhere');
  // Ada is also a member of Carol's organization.
  await giveRule(server, carolOrg, ada.userId, 'MEMBER');
});

describe('GET /api/dashboard', () => {
  it('needs a session', async () => {
    expect((await apiAs(server, '')('/api/dashboard')).status).toBe(401);
  });

  it('is empty but complete for a newcomer', async () => {
    const view = await dashboard(bob);
    expect(view.counters).toEqual({ TODO: 0, DOING: 0, DONE: 0, ARCHIVE: 0 });
    expect(view.weeks).toHaveLength(8);
    expect(view.weeks.every((week) => week.created === 0 && week.completed === 0)).toBe(true);
    expect(view.weeks.at(-1)!.week_start).toBe(mondayOf(Date.now()));
    expect(view.weeks[0]!.week_start).toBe(mondayOf(Date.now() - 7 * 7 * DAY));
    expect(view).toMatchObject({ active_projects: [], my_tasks: { TODO: [], DOING: [] }, figma_events: [] });
  });

  it('counts live tasks of live projects of every organization of the user, and follows a status change', async () => {
    const engines = await createProject(ada, adaOrg, 'Engines work');
    const shared = await createProject(carol, carolOrg, 'Shared');
    const doomed = await createProject(ada, adaOrg, 'Doomed');
    const secret = await createProject(bob, bobOrg, 'Secret');
    await createTask(ada, engines, 'a');
    await createTask(ada, engines, 'b');
    const moving = await createTask(ada, engines, 'c');
    await createTask(ada, engines, 'd', { status: 'DOING' });
    await createTask(carol, shared, 'e', { status: 'DOING' });
    await createTask(carol, shared, 'f', { status: 'DONE' });
    await createTask(carol, shared, 'g', { status: 'ARCHIVE' });
    const deleted = await createTask(ada, engines, 'deleted');
    expect((await ada.api(`/api/tasks/${deleted}`, { method: 'DELETE' })).status).toBe(204);
    await createTask(ada, doomed, 'in a deleted project');
    expect((await ada.api(`/api/projects/${doomed}`, { method: 'DELETE' })).status).toBe(204);
    await createTask(bob, secret, 'not Ada’s');

    expect((await dashboard(ada)).counters).toEqual({ TODO: 3, DOING: 2, DONE: 1, ARCHIVE: 1 });
    expect((await dashboard(carol)).counters).toEqual({ TODO: 0, DOING: 1, DONE: 1, ARCHIVE: 1 });
    expect((await dashboard(bob)).counters).toEqual({ TODO: 1, DOING: 0, DONE: 0, ARCHIVE: 0 });

    await patchTask(ada, moving, { status: 'DONE' });
    expect((await dashboard(ada)).counters).toEqual({ TODO: 2, DOING: 2, DONE: 2, ARCHIVE: 1 });
    // Created this week: 8 tasks in Ada's live projects (the deleted task counts: it was created).
    const thisWeek = (await dashboard(ada)).weeks.at(-1)!;
    expect(thisWeek).toEqual({ week_start: mondayOf(Date.now()), created: 8, completed: 1 });
  });

  it('keeps the counters equal to a full count through concurrent moves, deletions and removals', async () => {
    const ivy = await createUser(server, mail, { firstname: 'Ivy', lastname: 'Race' });
    const org = await createOrganizationAs(ivy, 'Races');
    const projectId = await createProject(ivy, org, 'Race');
    const statuses = ['TODO', 'DOING', 'DONE', 'ARCHIVE'] as const;
    const ids: string[] = [];
    for (let i = 0; i < 16; i++)
      ids.push(await createTask(ivy, projectId, `r${i}`, { status: statuses[i % 4] }));
    // Moves in opposite directions at once (TODO→DONE while DONE→TODO…), through both endpoints.
    await Promise.all(
      ids.map((taskId, i) =>
        i % 2
          ? ivy.api('/api/kanban-update', { body: { taskId, status: statuses[(i + 2) % 4], index: 0 } })
          : ivy.api(`/api/tasks/${taskId}`, { method: 'PATCH', body: { status: statuses[(i + 2) % 4] } }),
      ),
    ).then((responses) => {
      for (const response of responses) expect(response.status).toBe(200);
    });
    expect((await ivy.api(`/api/tasks/${ids[0]}`, { method: 'DELETE' })).status).toBe(204);
    await server.deps.db.deleteFrom('task').where('task_id', '=', ids[1]!).execute();

    const full = await server.deps.db
      .selectFrom('task')
      .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
      .where('project_id', '=', projectId)
      .where('deleted_at', 'is', null)
      .groupBy('status')
      .execute();
    const expected = { TODO: 0, DOING: 0, DONE: 0, ARCHIVE: 0 };
    for (const row of full) expected[row.status as keyof typeof expected] = Number(row.n);
    expect(expected.TODO + expected.DOING + expected.DONE + expected.ARCHIVE).toBe(14);
    expect((await dashboard(ivy)).counters).toEqual(expected);
  });

  it('puts created and completed tasks in their week, over the last 8 weeks only', async () => {
    const dave = await createUser(server, mail, { firstname: 'Dave', lastname: 'Weeks' });
    const org = await createOrganizationAs(dave, 'Weekly');
    const projectId = await createProject(dave, org, 'Chart');
    const taskId = await createTask(dave, projectId, 'now');
    const place = { taskId, projectId, organizationId: org };
    const threeWeeksAgo = new Date(Date.now() - 21 * DAY);
    const nineWeeksAgo = new Date(Date.now() - 63 * DAY);
    await backdatedLog({ ...place, type: 'CREATION', metadata: {}, at: threeWeeksAgo });
    await backdatedLog({ ...place, type: 'CREATION', metadata: {}, at: threeWeeksAgo });
    await backdatedLog({ ...place, type: 'CREATION', metadata: {}, at: nineWeeksAgo });
    const done = { status: { old: 'DOING', new: 'DONE' } };
    await backdatedLog({ ...place, type: 'STATUS', metadata: done, at: threeWeeksAgo });
    await backdatedLog({ ...place, type: 'STATUS', metadata: done, at: nineWeeksAgo });
    // Not a completion: a move to Doing, and a title change.
    await backdatedLog({
      ...place,
      type: 'STATUS',
      metadata: { status: { old: 'TODO', new: 'DOING' } },
      at: threeWeeksAgo,
    });
    await backdatedLog({
      ...place,
      type: 'TITLE',
      metadata: { title: { old: 'a', new: 'b' } },
      at: threeWeeksAgo,
    });
    await patchTask(dave, taskId, { status: 'DONE' });

    const { weeks } = await dashboard(dave);
    expect(weeks.map((week) => week.week_start)).toEqual(
      Array.from({ length: 8 }, (_, i) => mondayOf(Date.now() - (7 - i) * 7 * DAY)),
    );
    const byWeek = Object.fromEntries(weeks.map((week) => [week.week_start, [week.created, week.completed]]));
    expect(byWeek[mondayOf(threeWeeksAgo.getTime())]).toEqual([2, 1]);
    expect(byWeek[mondayOf(Date.now())]).toEqual([1, 1]);
    expect(weeks.reduce((sum, week) => sum + week.created, 0)).toBe(3);
    expect(weeks.reduce((sum, week) => sum + week.completed, 0)).toBe(2);
  });

  it('ranks the most active live projects of the last 7 days', async () => {
    const erin = await createUser(server, mail, { firstname: 'Erin', lastname: 'Busy' });
    const org = await createOrganizationAs(erin, 'Busy');
    const quiet = await createProject(erin, org, 'Quiet');
    const busy = await createProject(erin, org, 'Busy one');
    const old = await createProject(erin, org, 'Old news');
    const gone = await createProject(erin, org, 'Gone');
    await createTask(erin, quiet, 'q');
    const busyTask = await createTask(erin, busy, 'b');
    for (const title of ['b1', 'b2', 'b3']) await patchTask(erin, busyTask, { title });
    const oldTask = await createTask(erin, old, 'o');
    // A log's time never changes in the app; only this test backdates one.
    await sql`UPDATE log SET created_at = now() - interval '8 days' WHERE task_id = ${oldTask}`.execute(
      server.deps.db,
    );
    const goneTask = await createTask(erin, gone, 'g');
    for (const title of ['g1', 'g2', 'g3', 'g4', 'g5']) await patchTask(erin, goneTask, { title });
    expect((await erin.api(`/api/projects/${gone}`, { method: 'DELETE' })).status).toBe(204);

    const { active_projects } = await dashboard(erin);
    expect(active_projects).toEqual([
      { project_id: busy, name: 'Busy one', emoji: 'fish', trigram: 'BUS', activity: 4 },
      { project_id: quiet, name: 'Quiet', emoji: 'fish', trigram: 'QUI', activity: 1 },
    ]);
  });

  it('lists my To Do and Doing tasks, 10 of each, most recently changed first', async () => {
    const fay = await createUser(server, mail, { firstname: 'Fay', lastname: 'Mine' });
    const org = await createOrganizationAs(fay, 'Mine');
    const projectId = await createProject(fay, org, 'Mine too');
    for (let i = 0; i < 12; i++) await createTask(fay, projectId, `todo ${i}`, { assignee_id: fay.userId });
    const doing = await createTask(fay, projectId, 'doing', { status: 'DOING', assignee_id: fay.userId });
    await createTask(fay, projectId, 'unassigned');
    await createTask(fay, projectId, 'done', { status: 'DONE', assignee_id: fay.userId });
    const touched = (
      await server.deps.db
        .selectFrom('task')
        .select('task_id')
        .where('title', '=', 'todo 3')
        .where('project_id', '=', projectId)
        .executeTakeFirstOrThrow()
    ).task_id;
    await patchTask(fay, touched, { title: 'todo 3 again' });

    const { my_tasks } = await dashboard(fay);
    expect(my_tasks.TODO).toHaveLength(10);
    expect(my_tasks.TODO.map((task) => task.title).slice(0, 3)).toEqual([
      'todo 3 again',
      'todo 11',
      'todo 10',
    ]);
    expect(my_tasks.TODO.every((task) => task.status === 'TODO')).toBe(true);
    expect(my_tasks.DOING).toEqual([
      expect.objectContaining({
        task_id: doing,
        title: 'doing',
        status: 'DOING',
        project: { project_id: projectId, name: 'Mine too', emoji: 'fish', trigram: 'MIN' },
      }),
    ]);
    // Tasks of an organization she has left are not hers to see any more.
    await server.deps.db.deleteFrom('rule').where('user_id', '=', fay.userId).execute();
    expect((await dashboard(fay)).my_tasks).toEqual({ TODO: [], DOING: [] });
  });

  it('shows the 5 latest Figma comments and replies of the user’s organizations', async () => {
    const gus = await createUser(server, mail, { firstname: 'Gus', lastname: 'Figma' });
    const org = await createOrganizationAs(gus, 'Designs');
    const projectId = await createProject(gus, org, 'Screens');
    const taskId = await createTask(gus, projectId, 'From Figma');
    const now = Date.now();
    const rows = Array.from({ length: 7 }, (_, i) => ({
      organization_id: org,
      figma_event_type: 'FILE_COMMENT',
      figma_comment_id: `c${i}`,
      figma_parent_id: i % 2 ? 'c0' : null,
      figma_file_key: 'AbCdEfGhIjKl',
      figma_file_name: 'Mobile app',
      figma_triggered_by: 'grace.h',
      kind: (i % 2 ? 'REPLY' : i === 0 ? 'TASK' : 'COMMENT') as 'REPLY' | 'TASK' | 'COMMENT',
      content: `comment ${i}`,
      project_id: i === 6 ? projectId : null,
      task_id: i === 6 ? taskId : null,
      created_at: new Date(now - (10 - i) * 60_000),
    }));
    await server.deps.db.insertInto('figma_event').values(rows).execute();
    await server.deps.db
      .insertInto('figma_event')
      .values({
        ...rows[0]!,
        organization_id: bobOrg,
        figma_comment_id: 'other',
        content: 'not Gus’s',
        created_at: new Date(),
      })
      .execute();

    const { figma_events } = await dashboard(gus);
    expect(figma_events.map((event) => event.content)).toEqual([
      'comment 6',
      'comment 5',
      'comment 4',
      'comment 3',
      'comment 2',
    ]);
    expect(figma_events[0]).toMatchObject({
      kind: 'COMMENT',
      figma_triggered_by: 'grace.h',
      figma_file_name: 'Mobile app',
      figma_file_url: 'https://www.figma.com/design/AbCdEfGhIjKl',
      project: { project_id: projectId, name: 'Screens', emoji: 'fish', trigram: 'SCR' },
      task_id: taskId,
    });
    expect(figma_events[1]).toMatchObject({ kind: 'REPLY', project: null, task_id: null });
  });

  it('answers in the same number of queries whatever the number of tasks (aggregates only)', async () => {
    const hana = await createUser(server, mail, { firstname: 'Hana', lastname: 'Bulk' });
    const org = await createOrganizationAs(hana, 'Bulk');
    const projectId = await createProject(hana, org, 'Bulk');
    await createTask(hana, projectId, 'first', { assignee_id: hana.userId });
    await dashboard(hana);
    const small = await countStatements(() => dashboard(hana));
    expect(small).toBeGreaterThan(0);
    await server.deps.db
      .insertInto('task')
      .values(
        Array.from({ length: 200 }, (_, i) => ({
          project_id: projectId,
          reference: 100 + i,
          title: `bulk ${i}`,
          rank: `b${String(i).padStart(4, '0')}`,
          status: (['TODO', 'DOING', 'DONE', 'ARCHIVE'] as const)[i % 4],
          assignee_id: hana.userId,
        })),
      )
      .execute();
    let view: Awaited<ReturnType<typeof dashboard>> | undefined;
    expect(
      await countStatements(async () => {
        view = await dashboard(hana);
      }),
    ).toBe(small);
    expect(view?.counters).toEqual({ TODO: 51, DOING: 50, DONE: 50, ARCHIVE: 50 });
    expect(view?.my_tasks.TODO).toHaveLength(10);
  });
});

/** YYYY-MM-DD of the UTC day `days` away from today. */
function dayFromToday(days: number): string {
  return new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
}

async function comment(user: TestUser, taskId: string, text: string) {
  const response = await user.api(`/api/tasks/${taskId}/comments`, {
    body: { content_json: { ops: [{ insert: `${text}\n` }] } },
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

async function dashboardOn(user: TestUser, today: string): Promise<DashboardView> {
  const response = await user.api(`/api/dashboard?today=${today}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as DashboardView;
}

describe('GET /api/dashboard: overdue and remarkable tasks', () => {
  let iris: TestUser;
  let projectId: string;

  beforeAll(async () => {
    iris = await createUser(server, mail, { firstname: 'Iris', lastname: 'Planner' });
    projectId = await createProject(iris, await createOrganizationAs(iris, 'Planning'), 'Planning');
  });

  it('counts open tasks past their due day or instant as overdue, on the viewer’s day', async () => {
    const late = await createTask(iris, projectId, 'Late report');
    const lateButDone = await createTask(iris, projectId, 'Late but done');
    const tomorrow = await createTask(iris, projectId, 'Due tomorrow');
    const timed = await createTask(iris, projectId, 'Due an hour ago', { status: 'DOING' });
    const today = await createTask(iris, projectId, 'Due today');
    await patchTask(iris, late, { due_on: dayFromToday(-2) });
    await patchTask(iris, lateButDone, { due_on: dayFromToday(-2), status: 'DONE' });
    await patchTask(iris, tomorrow, { due_on: dayFromToday(1) });
    await patchTask(iris, timed, { due_at: new Date(Date.now() - 60 * 60 * 1000).toISOString() });
    await patchTask(iris, today, { due_on: dayFromToday(0) });
    // Someone else's overdue task never counts.
    const elsewhere = await createTask(bob, await createProject(bob, bobOrg, 'Bob late'), 'Not yours');
    await patchTask(bob, elsewhere, { due_on: dayFromToday(-5) });

    const view = await dashboardOn(iris, dayFromToday(0));
    expect(view.overdue).toBe(2);
    const overdue = view.remarkable_tasks.filter((task) =>
      task.reasons.some((reason) => reason.kind === 'OVERDUE'),
    );
    expect(overdue.map((task) => task.title)).toEqual(['Late report', 'Due an hour ago']);
    expect(overdue[0]).toMatchObject({
      task_id: late,
      project: { project_id: projectId, trigram: 'PLA' },
      reasons: [{ kind: 'OVERDUE', due_on: dayFromToday(-2), due_at: null }],
    });
    expect(overdue[1]!.reasons[0]).toMatchObject({
      kind: 'OVERDUE',
      due_on: null,
      due_at: expect.any(String),
    });

    // Two days on, what was due tomorrow and today is late too.
    expect((await dashboardOn(iris, dayFromToday(2))).overdue).toBe(4);
    expect((await dashboard(iris)).overdue).toBeGreaterThanOrEqual(2);
  });

  it('lists tasks in Doing for more than 7 days, saying since when', async () => {
    const stuck = await createTask(iris, projectId, 'Stuck in Doing');
    const fresh = await createTask(iris, projectId, 'Just started');
    await patchTask(iris, stuck, { status: 'DOING' });
    await patchTask(iris, fresh, { status: 'DOING' });
    // The move to Doing, nine days ago: the task's status_since, as the trigger of migration 0012 keeps it.
    const nineDaysAgo = new Date(Date.now() - 9 * DAY);
    await sql`UPDATE task SET status_since = ${nineDaysAgo} WHERE task_id = ${stuck}`.execute(server.deps.db);

    const view = await dashboard(iris);
    const doing = view.remarkable_tasks.filter((task) =>
      task.reasons.some((reason) => reason.kind === 'DOING_TOO_LONG'),
    );
    expect(doing.map((task) => task.task_id)).toEqual([stuck]);
    expect(doing[0]!.reasons).toEqual([{ kind: 'DOING_TOO_LONG', since: nineDaysAgo.toISOString() }]);
  });

  it("lists this week's most commented tasks with their count, and folds a task's reasons into one entry", async () => {
    const talked = await createTask(iris, projectId, 'Much talked about');
    const some = await createTask(iris, projectId, 'Some talk');
    const quiet = await createTask(iris, projectId, 'One remark');
    await patchTask(iris, talked, { due_on: dayFromToday(-1) });
    for (const text of ['one', 'two', 'three']) await comment(iris, talked, text);
    for (const text of ['one', 'two']) await comment(iris, some, text);
    await comment(iris, quiet, 'only');

    const view = await dashboardOn(iris, dayFromToday(0));
    const commented = view.remarkable_tasks.filter((task) =>
      task.reasons.some((reason) => reason.kind === 'MOST_COMMENTED'),
    );
    expect(commented.map((task) => task.task_id)).toEqual([talked, some]);
    const entry = view.remarkable_tasks.filter((task) => task.task_id === talked);
    expect(entry).toHaveLength(1);
    expect(entry[0]!.reasons).toEqual([
      { kind: 'OVERDUE', due_on: dayFromToday(-1), due_at: null },
      { kind: 'MOST_COMMENTED', comments: 3 },
    ]);
    expect(commented[1]!.reasons).toEqual([{ kind: 'MOST_COMMENTED', comments: 2 }]);
  });

  it('stamps the moment a task takes its status, not when it changes otherwise', async () => {
    const task = await createTask(iris, projectId, 'Stamped');
    const since = async () =>
      (
        await sql<{ status_since: Date }>`SELECT status_since FROM task WHERE task_id = ${task}`.execute(
          server.deps.db,
        )
      ).rows[0]!.status_since.getTime();
    const created = await since();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await patchTask(iris, task, { title: 'Stamped again' });
    expect(await since()).toBe(created);
    const before = Date.now();
    await patchTask(iris, task, { status: 'DOING' });
    const after = Date.now();
    const moved = await since();
    // The moment of the move (the database keeps microseconds: a millisecond either way).
    expect(moved).toBeGreaterThanOrEqual(before - 1);
    expect(moved).toBeLessThanOrEqual(after + 1);
    expect(moved).toBeGreaterThan(created);
  });

  it('refuses a day that is not a day with a 400', async () => {
    // The year 0 has no day in the database: its own error must not come back as a 500.
    for (const today of ['2026-02-30', 'yesterday', '2026-13-01', '0000-01-01']) {
      expect((await iris.api(`/api/dashboard?today=${today}`)).status).toBe(400);
    }
  });
});
