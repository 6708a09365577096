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
    const [plain, given, figma] = rows as [{ task_id: string }, { task_id: string }, { task_id: string }];
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

    const list = JSON.parse(
      (await projectTasksJson(db, projectId, member.user_id))!.body,
    ) as TaskSummaryView[];
    expect(list).toHaveLength(6);
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
