// @database both

import { useTestDatabase } from '@figgle/test-support/test-database';
import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database, TaskStatus } from '../../src/db/schema.ts';
import { changeTask } from '../../src/features/tasks/commands/change-task.ts';
import { lockColumn } from '../../src/features/tasks/commands/column-lock.ts';
import { insertBoardRows } from '../support/task-board-rows.ts';

const database = useTestDatabase();

async function advisoryLocksHeld(trx: Kysely<Database>) {
  const { rows } = await sql<{ classid: string; objid: string }>`
    SELECT classid::text, objid::text FROM pg_locks
    WHERE locktype = 'advisory' AND pid = pg_backend_pid()
    ORDER BY classid, objid
  `.execute(trx);
  return rows;
}

describe('the column lock (a project status)', () => {
  it('is the same key when a creation takes it and when figgle_change_task moves a task there', async () => {
    const db = database().db;
    const { owner, projectId } = await insertBoardRows(db, 'lock');
    const task = await db
      .insertInto('task')
      .values({ project_id: projectId, reference: 1, title: 'Moving', rank: 'a0' })
      .returning('task_id')
      .executeTakeFirstOrThrow();

    const takenByCreation = (status: TaskStatus) =>
      db.transaction().execute(async (trx) => {
        await lockColumn(trx, projectId, status);
        return advisoryLocksHeld(trx);
      });
    const takenByMove = (status: TaskStatus) =>
      db.transaction().execute(async (trx) => {
        const moved = await changeTask(trx, owner, task.task_id, { status, index: 0 }, 'task.update');
        expect(moved).toMatchObject({ changed: true, status });
        return advisoryLocksHeld(trx);
      });

    const creationInDoing = await takenByCreation('DOING');
    expect(creationInDoing).toHaveLength(1);
    expect(await takenByMove('DOING')).toEqual(creationInDoing);
    // Another column is another key, whichever path takes it.
    const moveToDone = await takenByMove('DONE');
    expect(moveToDone).toHaveLength(1);
    expect(moveToDone).not.toEqual(creationInDoing);
    expect(await takenByCreation('DONE')).toEqual(moveToDone);
  });
});
