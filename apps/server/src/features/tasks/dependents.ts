import { sql } from 'kysely';
import type { Announcement } from '../../commands/publish-after-commit.ts';

/**
 * A task whose summary shows another task's state (issue 42): its parent, whose progress ("2/5")
 * counts it, and the tasks it blocks, whose "Blocked" mark counts it while it is open. When a task
 * becomes finished or open again (Done or Archive, or back), or is deleted, their summaries change
 * although their rows did not: each gets a task event of its own, so lists, boards and pages (of any
 * project of the organization) read it again.
 */
export type Dependent = [taskId: string, projectId: string, blockedByIt?: boolean];

/**
 * The live dependents of a row named `task` (its parent, the tasks it blocks), as JSON of
 * Dependent[], or null when it has none; `blockedByIt` says which it blocks, so that a sub-task
 * finished under its parent asks nothing more of the database (record-unblocked.ts). The ids are listed first and each is looked up by the
 * task's key: an `id = parent OR id IN (…)` filter on task is planned (and, in the move's prepared
 * statement, kept) as a scan of every task of every project (docs/machinery/move-write-path.md).
 */
export const DEPENDENTS_JSON = sql<Dependent[] | null>`(
  SELECT json_agg(json_build_array(dependent.task_id, dependent.project_id, wanted.blocked))
  FROM (
    SELECT named.task_id, bool_or(named.blocked) AS blocked
    FROM (
      SELECT task.parent_id AS task_id, false AS blocked WHERE task.parent_id IS NOT NULL
      UNION ALL
      SELECT relation.to_task_id, true FROM task_relation AS relation
      WHERE relation.from_task_id = task.task_id AND relation.kind = 'blocks'
    ) AS named
    GROUP BY named.task_id
  ) AS wanted
  JOIN task AS dependent ON dependent.task_id = wanted.task_id
  WHERE dependent.deleted_at IS NULL
)`;

/** The events that tell the dependents of a change (none when it has none). */
export function announceDependents(
  dependents: readonly Dependent[] | null | undefined,
  organizationId: string,
  actorId: string,
): Announcement[] {
  return (dependents ?? []).map(([taskId, projectId]) => ({
    event: { kind: 'task', action: 'updated', id: taskId, organizationId, projectId, taskId, actorId },
  }));
}
