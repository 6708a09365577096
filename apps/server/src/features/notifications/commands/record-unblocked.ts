import { type Kysely, sql } from 'kysely';
import type { AppDeps } from '../../../app-types.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import type { Database } from '../../../db/schema.ts';
import { FINISHED_CATEGORIES } from '../../../db/task-figures.ts';
import { announceNotified, type Notified } from './record.ts';

/** A task the change finished, with the tasks the change's statement named as its dependents. */
export interface Finished {
  taskId: string;
  /** The status the change set (its statement's answer). */
  status: string;
  dependentIds: string[];
}

/** The statement of recordUnblocked: it writes the notifications and answers whom they tell. */
export function unblockedStatement(finished: readonly Finished[], actorId: string) {
  const pairs = finished.flatMap((task) =>
    task.dependentIds.map((dependentId) => [task, dependentId] as const),
  );
  return sql<{
    user_id: string;
    task_id: string;
    project_id: string;
    organization_id: string;
  }>`
    WITH answered AS (
      SELECT * FROM unnest(${pairs.map(([task]) => task.taskId)}::uuid[], ${pairs.map(([task]) => task.status)}::text[],
        ${pairs.map(([, dependentId]) => dependentId)}::uuid[]) AS answered(task_id, status, dependent_id)
    ),
    -- Each step reads by key from the few pairs the change named (MATERIALIZED, and OFFSET 0 in the
    -- lateral reads): left free, the planner may start from every open task of the project and
    -- look for the pairs last (docs/machinery/move-write-path.md).
    blocker AS MATERIALIZED (
      SELECT DISTINCT answered.task_id, answered.dependent_id, project.trigram || '-' || task.reference AS ref
      FROM answered
      JOIN task ON task.task_id = answered.task_id
      JOIN project ON project.project_id = task.project_id
      -- The status the change set is a finished one (its statement said it crossed over).
      JOIN project_status AS reached ON reached.project_id = task.project_id AND reached.key = answered.status
        AND reached.category IN ${FINISHED_CATEGORIES}
    ),
    unblocked AS MATERIALIZED (
      SELECT blocked.task_id, blocked.project_id, blocked.organization_id, blocked.assignee_id, blocker.ref
      FROM blocker
      CROSS JOIN LATERAL (
        SELECT blocked.task_id, blocked.project_id, project.organization_id, blocked.assignee_id
        FROM task_relation relation
        JOIN task blocked ON blocked.task_id = relation.to_task_id AND blocked.deleted_at IS NULL
        JOIN project ON project.project_id = blocked.project_id AND project.deleted_at IS NULL
        WHERE relation.from_task_id = blocker.task_id AND relation.to_task_id = blocker.dependent_id
          AND relation.kind = 'blocks'
          AND blocked.status_category NOT IN ${FINISHED_CATEGORIES}
          AND NOT EXISTS (
            SELECT 1 FROM task_relation other
            JOIN task open_blocker ON open_blocker.task_id = other.from_task_id
            WHERE other.to_task_id = blocked.task_id AND other.kind = 'blocks'
              AND open_blocker.deleted_at IS NULL AND open_blocker.status_category NOT IN ${FINISHED_CATEGORIES}
          )
        OFFSET 0
      ) AS blocked
    ),
    told AS (
      SELECT DISTINCT unblocked.task_id, unblocked.project_id, unblocked.organization_id, unblocked.ref,
        person.user_id
      FROM unblocked
      CROSS JOIN LATERAL (
        SELECT unblocked.assignee_id AS user_id WHERE unblocked.assignee_id IS NOT NULL
        UNION
        SELECT task_watcher.user_id FROM task_watcher
        WHERE task_watcher.task_id = unblocked.task_id AND task_watcher.watching
      ) AS person
      WHERE person.user_id <> ${actorId}::uuid
        AND EXISTS (
          SELECT 1 FROM rule
          WHERE rule.organization_id = unblocked.organization_id AND rule.user_id = person.user_id
        )
    )
    INSERT INTO notification (user_id, organization_id, project_id, task_id, actor_id, kind, detail)
    SELECT told.user_id, told.organization_id, told.project_id, told.task_id, ${actorId}::uuid, 'change',
      jsonb_build_object('field', 'unblocked', 'from', told.ref, 'to', NULL, 'fields', jsonb_build_array('unblocked'))
    FROM told
    RETURNING user_id, task_id, project_id, organization_id
  `;
}

/**
 * Tasks the change moved to Done or Archive: each task it blocked that has no open blocker left
 * (none that is neither Done nor Archive, nor deleted) tells its assignee and its watchers, but the
 * person who finished it, with a 'change' notification of the field 'unblocked' (its `from` names
 * the blocker, "WEB-9"). Only members of the organization are told, as for every notification.
 * Which tasks the change finished, and which tasks they block, come from the change's own statement
 * (its `dependents`, answered only when the status crossed between open and finished), never from
 * the log read back by time: a later edit of a finished task, or another person's change at the
 * same moment, tells nobody again (decision 0035).
 */
async function recordUnblocked(
  db: Kysely<Database>,
  finished: readonly Finished[],
  actorId: string,
): Promise<Notified[]> {
  const { rows } = await unblockedStatement(finished, actorId).execute(db);
  const byTask = new Map<string, Notified>();
  for (const row of rows) {
    const notified = byTask.get(row.task_id) ?? {
      taskId: row.task_id,
      projectId: row.project_id,
      organizationId: row.organization_id,
      actorId,
      userIds: [],
    };
    notified.userIds.push(row.user_id);
    byTask.set(row.task_id, notified);
  }
  return [...byTask.values()];
}

/** A committed change of one task, as the change commands answer it (ChangedTask). */
interface StatusChange {
  taskId: string;
  status: string;
  changed: boolean;
  /**
   * The tasks whose summaries show this one's status (its parent, the tasks it blocks), answered by
   * the change's statement only when the status crossed between open and finished.
   */
  dependents?: ReadonlyArray<readonly [taskId: string, projectId: string, blockedByIt?: boolean]> | null;
}

/**
 * After committed changes of tasks' statuses to Done or Archive: whoever waited on them is told
 * (recordUnblocked), and each of them gets the live event of a new notification. A bulk change
 * passes all its tasks at once: one statement, not one commit per task before its answer.
 */
export async function announceUnblocked(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  changes: StatusChange | readonly StatusChange[],
  actorId: string,
): Promise<void> {
  // To Do and Doing are open in every project; any other status may be of a finished category.
  const list: readonly StatusChange[] = Array.isArray(changes) ? changes : [changes as StatusChange];
  const finished = list
    .filter((change) => change.changed && change.status !== 'TODO' && change.status !== 'DOING')
    .map((change) => ({
      taskId: change.taskId,
      status: change.status,
      // Only the tasks it blocks can be unblocked (its parent is a dependent for its progress alone).
      dependentIds: (change.dependents ?? [])
        .filter(([, , blockedByIt]) => blockedByIt !== false)
        .map(([taskId]) => taskId),
    }))
    .filter((change) => change.dependentIds.length > 0);
  if (finished.length === 0) return;
  await publishAfterCommit(
    bus,
    () => recordUnblocked(db, finished, actorId),
    (told) => told.flatMap(announceNotified),
  );
}
