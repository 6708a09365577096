import { TRASH_PROJECT_DELETED_MESSAGE } from '@figgle/shared/trash-schemas';
import { type Kysely, sql } from 'kysely';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { projectChanged } from '../../../commands/announcements.ts';
import { leaveOutLoops, lockBlockers, lockTasksInOrder } from '../../../commands/blocker-loops.ts';
import { logRow } from '../../../commands/log-rows.ts';
import { type Announcement, publishAfterTransaction } from '../../../commands/publish-after-commit.ts';
import type { Database, TaskStatus } from '../../../db/schema.ts';
import { conflict, notFound } from '../../../http/errors.ts';
import { authorizeTrashRestore, type TrashPlace } from '../../../policies/trash.ts';

interface RestoredTask {
  task_id: string;
  project_id: string;
  status: TaskStatus;
}

export interface Restored {
  place: TrashPlace;
  tasks: RestoredTask[];
  /** Live tasks whose marks the restore changed: the parent, the other ends of relations. */
  touched: Array<{ task_id: string; project_id: string }>;
  /** "Blocks" relations not brought back: with those made meanwhile, each would close a loop. */
  leftOut: Array<{ from_task_id: string; to_task_id: string; loop: string[] }>;
}

interface StoredRelation {
  from_task_id: string;
  to_task_id: string;
  kind: string;
}

/**
 * The relations a restore brings back, less each "blocks" that would now close a loop of blockers
 * (one made while the task was in the trash, such as "WEB-7 blocks WEB-3" beside the restored
 * "WEB-3 blocks WEB-5 blocks WEB-7"): the task comes back, that relation does not, and the answer
 * names it with its loop (decision 0037). Checked as a relation by hand is (task-relations.ts): the
 * live other ends locked in id order, then the organization's lock of blockers.
 */
async function withoutLoops(
  trx: Kysely<Database>,
  organizationId: string,
  stored: Array<Record<string, unknown>>,
): Promise<{ relations: Array<Record<string, unknown>>; leftOut: Restored['leftOut'] }> {
  const relations = stored as unknown as StoredRelation[];
  if (!relations.some((relation) => relation.kind === 'blocks')) return { relations: stored, leftOut: [] };
  const ends = relations.flatMap((relation) => [relation.from_task_id, relation.to_task_id]);
  await lockTasksInOrder(trx, ends);
  await lockBlockers(trx, organizationId);
  // Only relations whose two ends are live come back (the insert below): only they can close a loop.
  const live = new Set(
    (
      await trx
        .selectFrom('task')
        .select('task_id')
        .where('task_id', 'in', [...new Set(ends)])
        .where('deleted_at', 'is', null)
        .execute()
    ).map((row) => row.task_id),
  );
  const { kept, leftOut } = await leaveOutLoops(
    trx,
    relations.filter((relation) => live.has(relation.from_task_id) && live.has(relation.to_task_id)),
  );
  return {
    relations: kept as unknown as Array<Record<string, unknown>>,
    leftOut: leftOut.map(({ relation, loop }) => ({
      from_task_id: relation.from_task_id,
      to_task_id: relation.to_task_id,
      loop,
    })),
  };
}

/**
 * Brings a trash item back (docs/product.md#trash), in one transaction. A project: its row is live
 * again, with its tasks (they were never deleted one by one). A task: it and the sub-tasks deleted
 * with it, with their comments, history, checklists and files (their rows stayed), each with a
 * RESTORE line in its change log; the relations the
 * delete removed whose other end is live; under its parent again (last) when the parent is live, at
 * the top level otherwise. A task of a project in the trash is a 409: the project comes first.
 */
export async function restoreTrashItem(
  { db, bus, clock }: Pick<AppDeps, 'db' | 'bus' | 'clock'>,
  user: CurrentUser,
  { trashId }: { trashId: string },
): Promise<Restored> {
  const now = clock.now();
  const place = await authorizeTrashRestore(db, user, trashId, now);
  return publishAfterTransaction(
    { db, bus },
    async (trx) => {
      // The same lock as a delete and a parent change of the organization: the tree holds still.
      await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`task-tree:${place.organizationId}`}, 0))`.execute(
        trx,
      );
      const item = await trx
        .deleteFrom('trash_item')
        .where('trash_id', '=', trashId)
        .where('purge_at', '>', now)
        .returning(['restore', 'deleted_at'])
        .executeTakeFirst();
      // Restored or removed for good meanwhile.
      if (!item) throw notFound('Trash item');
      if (place.kind === 'PROJECT') {
        await trx
          .updateTable('project')
          .set({ deleted_at: null, deleted_by: null, updated_at: new Date() })
          .where('project_id', '=', place.projectId)
          .execute();
        return { place, tasks: [], touched: [], leftOut: [] };
      }
      const project = await trx
        .selectFrom('project')
        .select('deleted_at')
        .where('project_id', '=', place.projectId)
        .executeTakeFirstOrThrow();
      if (project.deleted_at) throw conflict(TRASH_PROJECT_DELETED_MESSAGE);
      return restoreTasks(trx, user, place, item.restore);
    },
    (restored) => announceRestore(restored, user.user_id),
  );
}

async function restoreTasks(
  trx: Kysely<Database>,
  user: CurrentUser,
  place: TrashPlace,
  restore: { task_ids?: string[]; relations?: Array<Record<string, unknown>> },
): Promise<Restored> {
  const rootId = place.taskId as string;
  const ids = restore.task_ids?.length ? restore.task_ids : [rootId];
  const now = new Date();
  const tasks = await trx
    .updateTable('task')
    .set((eb) => ({
      deleted_at: null,
      deleted_by: null,
      updated_at: now,
      last_modified_by: user.user_id,
      version: eb('version', '+', 1),
    }))
    .where('task_id', 'in', ids)
    .where('deleted_at', 'is not', null)
    .returning(['task_id', 'project_id', 'status'])
    .execute();
  // The task first, then its sub-tasks in the order the delete met them.
  tasks.sort((a, b) => ids.indexOf(a.task_id) - ids.indexOf(b.task_id));
  // Each task back says so in its change log: "restored the task from the trash" (migration 0041).
  if (tasks.length > 0)
    await trx
      .insertInto('log')
      .values(
        tasks.map((task) =>
          logRow(
            { taskId: task.task_id, projectId: task.project_id, organizationId: place.organizationId },
            user.user_id,
            'RESTORE',
            {},
          ),
        ),
      )
      .execute();
  const touched: Restored['touched'] = [];

  // Under its parent again when the parent is live (last among its sub-tasks), at the top otherwise.
  const { rows: parents } = await sql<{ task_id: string; project_id: string }>`
    SELECT parent.task_id, parent.project_id FROM task AS root
    JOIN task AS parent ON parent.task_id = root.parent_id AND parent.deleted_at IS NULL
    JOIN project ON project.project_id = parent.project_id AND project.deleted_at IS NULL
    WHERE root.task_id = ${rootId}
  `.execute(trx);
  const parent = parents[0];
  if (parent) {
    await sql`
      UPDATE task SET subtask_position = (
        SELECT coalesce(max(sibling.subtask_position), 0) + 1 FROM task AS sibling
        WHERE sibling.parent_id = ${parent.task_id} AND sibling.deleted_at IS NULL
          AND sibling.task_id <> ${rootId}
      )
      WHERE task_id = ${rootId}
    `.execute(trx);
    touched.push(parent);
  } else {
    await trx
      .updateTable('task')
      .set({ parent_id: null, subtask_position: null })
      .where('task_id', '=', rootId)
      .where('parent_id', 'is not', null)
      .execute();
  }

  // The relations the delete removed, where the other end is live (a person since gone: no author).
  const { relations, leftOut } = await withoutLoops(trx, place.organizationId, restore.relations ?? []);
  if (relations.length > 0) {
    const { rows: back } = await sql<{ from_task_id: string; to_task_id: string }>`
      INSERT INTO task_relation (organization_id, from_task_id, to_task_id, kind, created_by)
      SELECT ${place.organizationId}, r.from_task_id, r.to_task_id, r.kind,
        (SELECT user_id FROM app_user WHERE user_id = r.created_by)
      FROM jsonb_to_recordset(${JSON.stringify(relations)}::jsonb)
        AS r (from_task_id uuid, to_task_id uuid, kind text, created_by uuid)
      JOIN task AS from_task ON from_task.task_id = r.from_task_id AND from_task.deleted_at IS NULL
      JOIN task AS to_task ON to_task.task_id = r.to_task_id AND to_task.deleted_at IS NULL
      ON CONFLICT DO NOTHING
      RETURNING from_task_id, to_task_id
    `.execute(trx);
    const restoredIds = new Set(tasks.map((task) => task.task_id));
    const others = [...new Set(back.flatMap((row) => [row.from_task_id, row.to_task_id]))].filter(
      (id) => !restoredIds.has(id),
    );
    if (others.length > 0) {
      const rows = await trx
        .selectFrom('task')
        .select(['task_id', 'project_id'])
        .where('task_id', 'in', others)
        .execute();
      touched.push(...rows);
    }
  }
  return { place, tasks, touched, leftOut };
}

/** A project comes back as created; each task as created, then the tasks whose marks it changed. */
function announceRestore({ place, tasks, touched }: Restored, actorId: string): Announcement[] {
  if (place.kind === 'PROJECT')
    return [projectChanged('created', place.organizationId, place.projectId, actorId)];
  const seen = new Set<string>();
  const events: Announcement[] = [];
  for (const task of tasks) {
    seen.add(task.task_id);
    events.push({
      event: {
        kind: 'task',
        action: 'created',
        id: task.task_id,
        organizationId: place.organizationId,
        projectId: task.project_id,
        taskId: task.task_id,
        status: task.status,
        actorId,
      },
    });
  }
  for (const task of touched) {
    if (seen.has(task.task_id)) continue;
    seen.add(task.task_id);
    events.push({
      event: {
        kind: 'task',
        action: 'updated',
        id: task.task_id,
        organizationId: place.organizationId,
        projectId: task.project_id,
        taskId: task.task_id,
        actorId,
      },
    });
  }
  return events;
}
