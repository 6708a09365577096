import { myTaskViewSchema, taskSummaryViewSchema } from '@figgle/shared/task-schemas';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { changeTask } from '../src/features/tasks/commands/change-task.ts';
import { presentMyTask, presentTaskSummary } from '../src/features/tasks/presenter.ts';
import { myTasksJson, projectTasksJson, taskDetail, taskSummary } from '../src/features/tasks/queries.ts';
import { insertBoardRows } from './support/task-board-rows.ts';
import { useTestDatabase } from './test-database.ts';

const database = useTestDatabase();

/**
 * Task lists, My tasks, moves and edits answer JSON the database builds (queries.ts summaryJson,
 * LISTED_COLUMNS), for speed; the task page and realtime events answer the presenter's output
 * (presenter.ts). Both must give the same fields with the same values, and match the routes'
 * response schemas (route-schemas.ts) with nothing more.
 */
describe('task JSON built by the database', () => {
  it('equals the presenter’s output, field by field, for lists, My tasks, moves and renames', async () => {
    const db = database().db;
    const { owner, member, projectId } = await insertBoardRows(db, 'parity');
    const tasks = await db
      .insertInto('task')
      .values([
        {
          project_id: projectId,
          reference: 1,
          title: 'Plain',
          rank: 'a0',
          author_id: owner.user_id,
          author_name: 'Ada Lovelace',
        },
        {
          project_id: projectId,
          reference: 2,
          title: 'Given to Zoë, "quoted" \\ and\nlong 🦊',
          status: 'DOING',
          rank: 'a1',
          author_id: owner.user_id,
          author_name: 'Ada Lovelace',
          assignee_id: member.user_id,
          last_modified_by: owner.user_id,
          comments_total: 3,
          version: 7,
          created_at: new Date('2024-02-29T23:59:59.999Z'),
        },
        {
          project_id: projectId,
          reference: 3,
          title: 'From Figma',
          status: 'DONE',
          rank: 'a2',
          author_id: null,
          author_name: 'Figma',
          is_from_figma: true,
          assignee_id: member.user_id,
          figma_client_meta: JSON.stringify({ node_id: '1:2' }),
        },
      ])
      .returning('task_id')
      .execute();
    // Microseconds, which JSON times do not carry: both sides must cut them the same way.
    await db
      .updateTable('task')
      .set({ updated_at: sql<Date>`'2025-01-01 00:00:00.123987+00'::timestamptz` })
      .where('reference', '=', 3)
      .execute();

    const presented = async (taskId: string) => presentTaskSummary((await taskSummary(db, taskId))!);
    const presentedMine = async (taskId: string) => presentMyTask((await taskDetail(db, taskId))!);

    const list = JSON.parse((await projectTasksJson(db, projectId, member.user_id))!.body);
    expect(list).toHaveLength(3);
    expect(list).toStrictEqual(await Promise.all(tasks.map((task) => presented(task.task_id))));
    expect(z.array(taskSummaryViewSchema.strict()).parse(list)).toStrictEqual(list);

    const mine = JSON.parse(await myTasksJson(db, member.user_id));
    expect(mine).toHaveLength(2);
    expect(mine).toStrictEqual(await Promise.all(tasks.slice(1).map((task) => presentedMine(task.task_id))));
    expect(
      z
        .array(myTaskViewSchema.extend({ project: myTaskViewSchema.shape.project.strict() }).strict())
        .parse(mine),
    ).toStrictEqual(mine);

    const [plain, given] = tasks as [{ task_id: string }, { task_id: string }];
    const changes = [
      [plain.task_id, { status: 'DOING' as const, index: 0 }],
      [given.task_id, { title: 'Renamed' }],
      [plain.task_id, { assigneeId: member.user_id }],
      [given.task_id, { title: 'Renamed' }], // nothing to change: the task as it is
    ] as const;
    for (const [taskId, change] of changes) {
      const written = await changeTask(db, member, taskId, change, 'task.update');
      const body = JSON.parse(written.summary);
      expect(body).toStrictEqual(await presented(taskId));
      expect(taskSummaryViewSchema.strict().parse(body)).toStrictEqual(body);
    }
  });
});
