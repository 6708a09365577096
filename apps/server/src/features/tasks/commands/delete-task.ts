import type { SubtasksOnDelete } from '@figgle/shared/subtask-schemas';
import { type Kysely, sql } from 'kysely';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { type Announcement, publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import type { Database, TaskStatus } from '../../../db/schema.ts';
import { notFound } from '../../../http/errors.ts';
import { authorize, organizationOfTask } from '../../../policies/authorize.ts';
import { putInTrash } from '../../trash/commands/put-in-trash.ts';
import { announceDependents, DEPENDENTS_JSON, type Dependent } from '../dependents.ts';

interface DeletedTask {
  task_id: string;
  project_id: string;
  status: TaskStatus;
  dependents: Dependent[] | null;
}

/** What one task's delete wrote: the tasks it deleted and the sub-tasks it brought to the top level. */
export interface TaskDeletion {
  organizationId: string;
  deleted: DeletedTask[];
  released: Array<{ task_id: string; project_id: string }>;
}

/**
 * Soft delete into the organization's trash (features/trash/): the row stays, hidden from every list,
 * for 30 days. Its sub-tasks (issue 42) either stay, as top-level tasks (`keep`, the default: each
 * gets a PARENT line), or go with it (`delete`: the whole tree below it). The relations of every
 * deleted task go (the trash item keeps them for a restore), and the tasks it blocked or was the
 * parent of get an event, so their Blocked mark and progress change live. One transaction.
 */
export async function deleteTask(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { taskId, subtasks = 'keep' }: { taskId: string; subtasks?: SubtasksOnDelete },
): Promise<void> {
  const { organizationId } = await organizationOfTask(db, taskId);
  await authorize(db, user, 'task.delete', organizationId, 'Task');
  await publishAfterCommit(
    bus,
    () => db.transaction().execute((trx) => deleteTaskIn(trx, user, organizationId, taskId, subtasks)),
    (deletion) => announceDeletions([deletion], user.user_id),
  );
}

/**
 * One task's delete inside the caller's transaction, authorized already (deleteTask, and the list's
 * bulk delete, which deletes many in one transaction).
 */
export async function deleteTaskIn(
  trx: Kysely<Database>,
  user: CurrentUser,
  organizationId: string,
  taskId: string,
  subtasks: SubtasksOnDelete,
): Promise<TaskDeletion> {
  const now = new Date();
  // The task, and with `delete` every live task below it (the tree lock keeps it still).
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`task-tree:${organizationId}`}, 0))`.execute(trx);
  const { rows: deleted } = await sql<DeletedTask>`
    WITH RECURSIVE tree (task_id, depth) AS (
      SELECT task_id, 0 FROM task WHERE task_id = ${taskId} AND deleted_at IS NULL
      UNION ALL
      SELECT child.task_id, tree.depth + 1 FROM task AS child JOIN tree ON child.parent_id = tree.task_id
      WHERE ${subtasks === 'delete'} AND child.deleted_at IS NULL AND tree.depth < 100000
    )
    UPDATE task SET deleted_at = ${now}, deleted_by = ${user.user_id}, updated_at = ${now},
      last_modified_by = ${user.user_id}, version = version + 1
    WHERE task_id IN (SELECT task_id FROM tree) AND deleted_at IS NULL
    RETURNING task_id, project_id, status, ${DEPENDENTS_JSON} AS dependents
  `.execute(trx);
  // Deleted meanwhile by someone else.
  const root = deleted.find((task) => task.task_id === taskId);
  if (!root) throw notFound('Task');
  const ids = [taskId, ...deleted.map((task) => task.task_id).filter((id) => id !== taskId)];
  const relations = await trx
    .deleteFrom('task_relation')
    .where((eb) => eb.or([eb('from_task_id', 'in', ids), eb('to_task_id', 'in', ids)]))
    .returning(['from_task_id', 'to_task_id', 'kind', 'created_by'])
    .execute();
  // The trash keeps what a restore needs that the rows no longer say (features/trash/).
  await putInTrash(trx, {
    organizationId,
    projectId: root.project_id,
    taskId,
    deletedBy: user.user_id,
    deletedAt: now,
    restore: { task_ids: ids, relations },
  });
  // Kept sub-tasks come to the top level, each with a line saying under which task it was.
  const { rows: released } = await sql<{ task_id: string; project_id: string }>`
    WITH released AS (
      UPDATE task SET parent_id = NULL, subtask_position = NULL, version = version + 1,
        updated_at = ${now}, last_modified_by = ${user.user_id}
      WHERE parent_id = ANY (${ids}::uuid[]) AND deleted_at IS NULL
      RETURNING task_id, project_id, parent_id AS was_under
    ), logged AS (
      INSERT INTO log (task_id, project_id, organization_id, author_id, type, metadata)
      SELECT released.task_id, released.project_id, ${organizationId}, ${user.user_id}, 'PARENT',
        jsonb_build_object('parent', jsonb_build_object('old', jsonb_build_object('task_id', ${taskId}::text,
          'reference', (SELECT project.trigram || '-' || task.reference FROM task
            JOIN project ON project.project_id = task.project_id WHERE task.task_id = ${taskId})), 'new', NULL))
      FROM released
    )
    SELECT task_id, project_id FROM released
  `.execute(trx);
  return { organizationId, deleted, released };
}

/**
 * The events of one or more deletes: each deleted task, then the tasks whose marks they changed
 * (a parent's progress, a blocked task, a released sub-task), each once and none that was deleted.
 */
export function announceDeletions(deletions: readonly TaskDeletion[], actorId: string): Announcement[] {
  const gone = new Set(deletions.flatMap(({ deleted }) => deleted.map((task) => task.task_id)));
  return deletions.flatMap(({ organizationId, deleted, released }) => [
    ...deleted.map((task) => ({
      event: {
        kind: 'task' as const,
        action: 'deleted' as const,
        id: task.task_id,
        organizationId,
        projectId: task.project_id,
        taskId: task.task_id,
        status: task.status,
        actorId,
      },
    })),
    ...announceDependents(
      [
        ...deleted.flatMap((task) => task.dependents ?? []),
        ...released.map((task): Dependent => [task.task_id, task.project_id]),
      ].filter(([id], index, all) => !gone.has(id) && all.findIndex(([other]) => other === id) === index),
      organizationId,
      actorId,
    ),
  ]);
}
