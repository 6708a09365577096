// @database both
import { myTaskViewSchema, taskSummaryViewSchema } from '@figgle/shared/task-schemas';
import { useTestDatabase } from '@figgle/test-support/test-database';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { changeTask } from '../../src/features/tasks/commands/change-task.ts';
import { setTaskLabels } from '../../src/features/tasks/commands/set-task-labels.ts';
import { presentMyTask, presentTaskSummary } from '../../src/features/tasks/presenter.ts';
import { myTasksJson, projectTasksJson, taskDetail, taskSummary } from '../../src/features/tasks/queries.ts';
import { createInProcessBus } from '../../src/realtime/bus.ts';
import { insertBoardRows } from '../support/task-board-rows.ts';

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
    const { owner, member, organizationId, projectId } = await insertBoardRows(db, 'parity');
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
          due_on: '0050-02-28',
          priority: 'URGENT',
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

    // Due times, priorities, labels (sorted by name whatever their case) and checklist progress.
    await db
      .updateTable('task')
      .set({ due_at: sql<Date>`'2026-03-01 09:30:00.123456+01'::timestamptz`, priority: 'LOW' })
      .where('reference', '=', 3)
      .execute();
    const labels = await db
      .insertInto('label')
      .values([
        { organization_id: organizationId, name: 'beta', color: 'teal' },
        { organization_id: organizationId, name: 'Alpha "q" \\ 🦊', color: 'red' },
        { organization_id: organizationId, name: 'Zed', color: 'gray' },
      ])
      .returning('label_id')
      .execute();
    const [plainTask, givenTask, figmaTask] = tasks as [
      { task_id: string },
      { task_id: string },
      { task_id: string },
    ];
    await db
      .insertInto('task_label')
      .values([
        ...labels.map((label) => ({ task_id: givenTask.task_id, label_id: label.label_id })),
        { task_id: figmaTask.task_id, label_id: labels[2]!.label_id },
      ])
      .execute();
    await db
      .insertInto('checklist_item')
      .values([
        { task_id: givenTask.task_id, text: 'One', done: true, rank: 'a0' },
        { task_id: givenTask.task_id, text: 'Two', done: true, rank: 'a1' },
        { task_id: givenTask.task_id, text: 'Three', rank: 'a2' },
        { task_id: figmaTask.task_id, text: 'Only', rank: 'a0' },
      ])
      .execute();

    // Structure (issue 42): a parent with a finished and an open sub-task, an estimate, and open and
    // finished blockers.
    await db
      .updateTable('task')
      .set({ parent_id: plainTask.task_id })
      .where('task_id', 'in', [givenTask.task_id, figmaTask.task_id])
      .execute();
    await db.updateTable('task').set({ estimate: 'M' }).where('task_id', '=', givenTask.task_id).execute();
    await db
      .insertInto('task_relation')
      .values(
        [givenTask, figmaTask].map((blocker) => ({
          organization_id: organizationId,
          from_task_id: blocker.task_id,
          to_task_id: plainTask.task_id,
          kind: 'blocks' as const,
        })),
      )
      .execute();

    const presented = async (taskId: string) => presentTaskSummary((await taskSummary(db, taskId))!);
    const presentedMine = async (taskId: string) => presentMyTask((await taskDetail(db, taskId))!);

    const list = JSON.parse((await projectTasksJson(db, projectId, member.user_id))!.body);
    expect(list).toHaveLength(3);
    expect(
      list.map((task: { labels: Array<{ name: string }> }) => task.labels.map((label) => label.name)),
    ).toEqual([[], ['Alpha "q" \\ 🦊', 'beta', 'Zed'], ['Zed']]);
    expect(list.map((task: { checklist: unknown }) => task.checklist)).toEqual([
      { done: 0, total: 0 },
      { done: 2, total: 3 },
      { done: 0, total: 1 },
    ]);
    expect(
      list.map((task: { due_on: unknown; due_at: unknown; priority: unknown }) => [
        task.due_on,
        task.due_at,
        task.priority,
      ]),
    ).toEqual([
      [null, null, 'NONE'],
      ['0050-02-28', null, 'URGENT'],
      [null, '2026-03-01T08:30:00.123Z', 'LOW'],
    ]);
    expect(
      list.map((task: { parent_id: unknown; estimate: unknown; subtasks: unknown; blocked_by: unknown }) => [
        task.parent_id,
        task.estimate,
        task.subtasks,
        task.blocked_by,
      ]),
    ).toEqual([
      [null, null, { done: 1, total: 2 }, 1],
      [plainTask.task_id, 'M', null, 0],
      [plainTask.task_id, null, null, 0],
    ]);
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

    const [plain, given] = [plainTask, givenTask];
    const changes = [
      [plain.task_id, { status: 'DOING' as const, index: 0 }],
      [given.task_id, { title: 'Renamed' }],
      [plain.task_id, { assigneeId: member.user_id }],
      [given.task_id, { title: 'Renamed' }], // nothing to change: the task as it is
      [plain.task_id, { dueOn: '2026-12-31', priority: 'HIGH' as const }],
      [given.task_id, { dueAt: '2026-06-01T23:45:00-02:00' }],
      [figmaTask.task_id, { dueAt: null, dueOn: null }],
    ] as const;
    for (const [taskId, change] of changes) {
      const written = await changeTask(db, member, taskId, change, 'task.update');
      const body = JSON.parse(written.summary);
      expect(body).toStrictEqual(await presented(taskId));
      expect(taskSummaryViewSchema.strict().parse(body)).toStrictEqual(body);
    }

    const relabelled = await setTaskLabels({ db, bus: createInProcessBus() }, member, {
      taskId: plain.task_id,
      labelIds: [labels[1]!.label_id, labels[0]!.label_id],
    });
    const body = JSON.parse(relabelled.summary);
    expect(body.labels.map((label: { name: string }) => label.name)).toEqual(['Alpha "q" \\ 🦊', 'beta']);
    expect(body).toStrictEqual(await presented(plain.task_id));
  });
});
