import { type Kysely, sql } from 'kysely';
import type { AppDeps } from '../../../app-types.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import type { Database } from '../../../db/schema.ts';
import { announceNotified, type Notified } from './record.ts';

/**
 * A task went to Done or Archive in a change made since `since`: each task it blocked that has no open blocker left (none that is
 * neither Done nor Archive, nor deleted) tells its assignee and its watchers, but the person who
 * finished it, with a 'change' notification of the field 'unblocked' (its `from` names the blocker,
 * "WEB-9"). Only members of the organization are told, as for every notification.
 */
async function recordUnblocked(
  db: Kysely<Database>,
  blockerIds: readonly string[],
  actorId: string,
  since: Date,
): Promise<Notified[]> {
  const { rows } = await sql<{
    user_id: string;
    task_id: string;
    project_id: string;
    organization_id: string;
  }>`
    WITH blocker AS (
      SELECT task.task_id, project.trigram || '-' || task.reference AS ref
      FROM task JOIN project ON project.project_id = task.project_id
      WHERE task.task_id = ANY(${blockerIds as string[]}::uuid[]) AND task.status_category IN ('done', 'canceled')
        -- This change moved it there: a later edit of a finished task tells nobody again.
        AND EXISTS (
          SELECT 1 FROM log
          WHERE log.task_id = task.task_id AND log.type = 'STATUS' AND log.created_at >= ${since}
            AND EXISTS (SELECT 1 FROM project_status AS reached
              WHERE reached.project_id = task.project_id AND reached.key = log.metadata -> 'status' ->> 'new'
                AND reached.category IN ('done', 'canceled'))
        )
    ),
    unblocked AS (
      SELECT blocked.task_id, blocked.project_id, project.organization_id, blocked.assignee_id, blocker.ref
      FROM blocker
      JOIN task_relation relation ON relation.from_task_id = blocker.task_id AND relation.kind = 'blocks'
      JOIN task blocked ON blocked.task_id = relation.to_task_id AND blocked.deleted_at IS NULL
      JOIN project ON project.project_id = blocked.project_id AND project.deleted_at IS NULL
      WHERE TRUE
        AND blocked.status_category NOT IN ('done', 'canceled')
        AND NOT EXISTS (
          SELECT 1 FROM task_relation other
          JOIN task open_blocker ON open_blocker.task_id = other.from_task_id
          WHERE other.to_task_id = blocked.task_id AND other.kind = 'blocks'
            AND open_blocker.deleted_at IS NULL AND open_blocker.status_category NOT IN ('done', 'canceled')
        )
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
  `.execute(db);
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

/** A committed change of one task, as the change commands answer it. */
interface StatusChange {
  taskId: string;
  status: string;
  changed: boolean;
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
  /** When the change began: its STATUS log line is written at or after it. */
  since: Date,
): Promise<void> {
  // To Do and Doing are open in every project; any other status may be of a finished category.
  const blockerIds = (Array.isArray(changes) ? changes : [changes as StatusChange])
    .filter((change) => change.changed && change.status !== 'TODO' && change.status !== 'DOING')
    .map((change) => change.taskId);
  if (blockerIds.length === 0) return;
  await publishAfterCommit(
    bus,
    () => recordUnblocked(db, blockerIds, actorId, since),
    (told) => told.flatMap(announceNotified),
  );
}
