// @database pglite
import { taskIdOf } from '@figgle/shared/board-ids';
import { type BoardView, boardViewSchema } from '@figgle/shared/board-schemas';
import { boardTasks } from '@figgle/shared/board-tasks';
import { type TaskSummaryView, taskSummaryViewSchema } from '@figgle/shared/task-schemas';
import { useTestDatabase } from '@figgle/test-support/test-database';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { presentBoard } from '../../src/features/tasks/board-presenter.ts';
import { presentTaskSummary } from '../../src/features/tasks/presenter.ts';
import { projectTasksJson, taskSummary } from '../../src/features/tasks/queries.ts';
import { insertBoardRows } from '../support/task-board-rows.ts';

const database = useTestDatabase();

const FIELDS = Object.keys(taskSummaryViewSchema.shape) as Array<keyof TaskSummaryView>;

/** Each task of `read`, field by field, equals the same task of `expected`. */
function expectSameTasks(read: TaskSummaryView[], expected: TaskSummaryView[]): void {
  expect(read.map((task) => task.task_id)).toEqual(expected.map((task) => task.task_id));
  for (const [i, task] of expected.entries()) {
    for (const field of FIELDS) expect(read[i]![field], `${task.title}: ${field}`).toStrictEqual(task[field]);
  }
  expect(read).toStrictEqual(expected);
}

/**
 * The board shape (board-presenter.ts) carries what the default list carries: read back by the
 * web app's reader (@figgle/shared/board-tasks), it gives the presenter's summaries field by field,
 * in list order, whatever the tasks hold; and it leaves out what holds its default.
 */
describe('the board shape of a task list', () => {
  it('reads back as the presenter’s summaries, field by field, for every kind of task', async () => {
    const db = database().db;
    const { owner, member, organizationId, projectId } = await insertBoardRows(db, 'board');
    const [renamed] = await db
      .insertInto('app_user')
      .values({
        auth_user_id: 'board-gone',
        email: 'gone@example.test',
        firstname: 'Only',
        lastname: 'Author',
      })
      .returning('user_id')
      .execute();
    const base = { project_id: projectId, author_id: owner.user_id, author_name: 'Ada Lovelace' };
    const rows = await db
      .insertInto('task')
      .values([
        {
          ...base,
          reference: 1,
          title: 'Plain',
          rank: 'a0',
          created_at: new Date('2026-01-01T10:00:00Z'),
          updated_at: new Date('2026-01-01T10:00:00Z'),
        },
        {
          ...base,
          reference: 2,
          title: 'Given to Zoë, "quoted" \\ and\nlong 🦊',
          status: 'DOING',
          rank: 'a0',
          assignee_id: member.user_id,
          last_modified_by: member.user_id,
          comments_total: 3,
          version: 7,
          created_at: new Date('2024-02-29T23:59:59.999Z'),
          due_on: '0050-02-28',
          priority: 'URGENT',
        },
        {
          ...base,
          reference: 7,
          title: 'From Figma, nobody’s',
          status: 'DONE',
          rank: 'a2',
          author_id: null,
          author_name: 'Figma',
          is_from_figma: true,
          last_modified_by: owner.user_id,
          created_at: new Date('2026-01-01T10:00:00Z'),
        },
        {
          ...base,
          reference: 8,
          title: 'Authored by someone the list names nowhere else, under an old name',
          status: 'ARCHIVE',
          rank: 'Zz',
          author_id: renamed!.user_id,
          author_name: 'Only Author (old name)',
          created_at: new Date('2026-01-01T10:00:00Z'),
        },
        {
          ...base,
          reference: 9,
          title: 'Same person, author and modifier',
          rank: 'a1',
          author_id: renamed!.user_id,
          author_name: 'Only Author',
          last_modified_by: owner.user_id,
        },
        { ...base, reference: 10, title: 'Rank é', rank: 'a0é', author_id: null, author_name: '' },
      ])
      .returning('task_id')
      .execute();
    const [plain, given, figma, archived, same, rankE] = rows as Array<{ task_id: string }> as [
      { task_id: string },
      { task_id: string },
      { task_id: string },
      { task_id: string },
      { task_id: string },
      { task_id: string },
    ];
    // Microseconds, which JSON times do not carry; an update before the creation; a due time.
    await db
      .updateTable('task')
      .set({
        updated_at: sql<Date>`'2025-01-01 00:00:00.123987+00'::timestamptz`,
        due_at: sql<Date>`'2026-03-01 09:30:00.123456+01'::timestamptz`,
        priority: 'LOW',
      })
      .where('task_id', '=', figma.task_id)
      .execute();
    const labels = await db
      .insertInto('label')
      .values([
        { organization_id: organizationId, name: 'beta', color: 'teal' },
        { organization_id: organizationId, name: 'Alpha', color: 'red' },
      ])
      .returning('label_id')
      .execute();
    await db
      .insertInto('task_label')
      .values(labels.map((label) => ({ task_id: given.task_id, label_id: label.label_id })))
      .execute();
    await db
      .insertInto('checklist_item')
      .values([
        { task_id: given.task_id, text: 'One', done: true, rank: 'a0' },
        { task_id: given.task_id, text: 'Two', rank: 'a1' },
      ])
      .execute();

    // Structure (issue 42): sub-tasks before and after their parent in creation order, a parent in
    // another project, estimates, open and finished blockers, a blocker elsewhere and one deleted.
    const { project_id: elsewhere } = await db
      .insertInto('project')
      .values({ organization_id: organizationId, name: 'Elsewhere', trigram: 'ELS', emoji: 'fox' })
      .returning('project_id')
      .executeTakeFirstOrThrow();
    const [outside, gone] = (await db
      .insertInto('task')
      .values([
        { ...base, project_id: elsewhere, reference: 1, title: 'Outside', rank: 'a0' },
        { ...base, project_id: elsewhere, reference: 2, title: 'Gone', rank: 'a1', deleted_at: new Date() },
      ])
      .returning('task_id')
      .execute()) as [{ task_id: string }, { task_id: string }];
    const setParent = (taskIds: string[], parentId: string) =>
      db.updateTable('task').set({ parent_id: parentId }).where('task_id', 'in', taskIds).execute();
    await setParent([given.task_id, figma.task_id, rankE.task_id], plain.task_id);
    await setParent([plain.task_id], archived.task_id);
    await setParent([same.task_id], outside.task_id);
    await db.updateTable('task').set({ estimate: '5' }).where('task_id', '=', plain.task_id).execute();
    await db.updateTable('task').set({ estimate: 'XL' }).where('task_id', '=', given.task_id).execute();
    const blocks = (from: string, to: string, kind: 'blocks' | 'relates' = 'blocks') => ({
      organization_id: organizationId,
      from_task_id: from,
      to_task_id: to,
      kind,
    });
    await db
      .insertInto('task_relation')
      .values([
        blocks(plain.task_id, given.task_id),
        blocks(outside.task_id, given.task_id),
        blocks(figma.task_id, given.task_id),
        blocks(gone.task_id, given.task_id),
        blocks(rankE.task_id, same.task_id, 'relates'),
        blocks(given.task_id, plain.task_id),
      ])
      .execute();

    const list = JSON.parse(
      (await projectTasksJson(db, projectId, member.user_id))!.body,
    ) as TaskSummaryView[];
    expect(list).toHaveLength(6);
    const byId = new Map(list.map((task) => [task.task_id, task]));
    expect(byId.get(plain.task_id)).toMatchObject({
      parent_id: archived.task_id,
      estimate: '5',
      subtasks: { done: 1, total: 3 },
      blocked_by: 1,
    });
    expect(byId.get(given.task_id)).toMatchObject({
      parent_id: plain.task_id,
      estimate: 'XL',
      blocked_by: 2,
    });
    expect(byId.get(same.task_id)).toMatchObject({
      parent_id: outside.task_id,
      subtasks: null,
      blocked_by: 0,
    });
    expect(byId.get(archived.task_id)).toMatchObject({ subtasks: { done: 0, total: 1 } });
    const presented = await Promise.all(
      list.map(async (task) => presentTaskSummary((await taskSummary(db, task.task_id))!)),
    );
    // The database's list and the presenter agree (task-json-matches-presenter.test.ts); the board
    // shape of either reads back as both.
    const board = presentBoard(projectId, list);
    expect(boardViewSchema.parse(board)).toStrictEqual(board);
    const text = JSON.stringify(board);
    expectSameTasks(boardTasks(JSON.parse(text) as BoardView), presented);
    expect(JSON.stringify(presentBoard(projectId, presented))).toBe(text);

    // A field every task holds by default is left out: nobody is assigned but one, nothing is from
    // Figma but one, no due day but one; the ids of rows written by hand are whole uuids.
    expect(Object.keys(board.tasks).sort()).toEqual(
      [
        'id',
        'title',
        'rank',
        'created',
        'ref',
        'status',
        'assignee',
        'due_on',
        'due_at',
        'priority',
        'labels',
      ]
        .concat([
          'done',
          'total',
          'parent',
          'estimate',
          'sub_done',
          'sub_total',
          'blocked',
          'modifier',
          'comments',
          'author',
          'author_name',
          'figma',
          'version',
          'updated',
        ])
        .sort(),
    );
    const at = board.tasks.id.findIndex((id) => taskIdOf(id, 0) === plain.task_id);
    expect(board.tasks.id[at]).toHaveLength(22);
    expect(board.tasks.title[at]).toBe('Plain');
    expect(board.tasks.author![at]).toBe(board.people.findIndex(([userId]) => userId === owner.user_id) + 1);
    expect(board.tasks.author_name![at]).toBeNull();
    // A parent on the board by its place, one elsewhere by its whole id.
    let created = 0;
    const ids = board.tasks.id.map((id, i) => {
      created += board.tasks.created[i]!;
      return taskIdOf(id, created);
    });
    const place = (taskId: string) => ids.indexOf(taskId);
    expect(board.tasks.parent![place(given.task_id)]).toBe(place(given.task_id) - at);
    expect(board.tasks.parent![place(same.task_id)]).toHaveLength(22);
    // Each person once, with names only where a task shows them.
    expect(board.people.map(([userId]) => userId).sort()).toEqual(
      [owner.user_id, member.user_id, renamed!.user_id].sort(),
    );
    expect(board.people.find(([userId]) => userId === renamed!.user_id)).toEqual([renamed!.user_id]);
  });

  it('is an empty board for a project without tasks', async () => {
    const { projectId } = await insertBoardRows(database().db, 'empty');
    const board = presentBoard(projectId, []);
    expect(board).toStrictEqual({
      project_id: projectId,
      people: [],
      labels: [],
      tasks: { id: [], title: [], rank: [], created: [] },
    });
    expect(boardTasks(board)).toEqual([]);
  });
});
