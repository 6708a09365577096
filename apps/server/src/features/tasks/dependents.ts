import { type RawBuilder, sql } from 'kysely';
import type { Announcement } from '../../commands/publish-after-commit.ts';
import { dependentSummaryJson, TASK_PEOPLE } from './queries.ts';

/**
 * A task whose summary shows another task's state (issue 42): its parent, whose progress ("2/5")
 * counts it, and the tasks it blocks, whose "Blocked" mark counts it while it is open. When a task
 * becomes finished or open again (Done or Archive, or back), or is deleted, their summaries change
 * although their rows did not: each gets a task event of its own, so lists, boards and pages (of any
 * project of the organization) read it again.
 */
export type Dependent = [taskId: string, projectId: string, blockedByIt?: boolean];

/** A Dependent with its summary as JSON text (DEPENDENTS_WITH_SUMMARIES_JSON). */
export type DependentWithSummary = [taskId: string, projectId: string, blockedByIt: boolean, summary: string];

/**
 * The live dependents of a row named `task` (its parent, the tasks it blocks), as JSON of
 * Dependent[], or null when it has none; `blockedByIt` says which it blocks, so that a sub-task
 * finished under its parent asks nothing more of the database (record-unblocked.ts). The ids are listed first and each is looked up by the
 * task's key: an `id = parent OR id IN (…)` filter on task is planned (and, in the move's prepared
 * statement, kept) as a scan of every task of every project (docs/machinery/move-write-path.md).
 */
const dependentsJson = (summary?: RawBuilder<unknown>) => sql<unknown[] | null>`(
  SELECT json_agg(json_build_array(dependent.task_id, dependent.project_id, wanted.blocked${
    summary
      ? sql`, (SELECT ${summary}::text FROM task ${TASK_PEOPLE} WHERE task.task_id = dependent.task_id)`
      : sql``
  }))
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

export const DEPENDENTS_JSON = dependentsJson() as RawBuilder<Dependent[] | null>;

/**
 * DEPENDENTS_JSON of the row `change.written` of figgle_change_task (change-task.ts), each with its
 * summary as it is once the change is made (queries.ts dependentSummaryJson: the statement's
 * snapshot still holds the task as it was), as JSON text: the list cache of this server takes it
 * instead of reading the dependent again, on the embedded database only (task-list-cache.ts).
 */
export const DEPENDENTS_WITH_SUMMARIES_JSON = dependentsJson(
  dependentSummaryJson('(change.written).task_id', '(change.written).status_category'),
) as RawBuilder<DependentWithSummary[] | null>;

/** The events that tell the dependents of a change (none when it has none). */
export function announceDependents(
  dependents: readonly Dependent[] | null | undefined,
  organizationId: string,
  actorId: string,
  /** Their summaries by task id, when the change read them (DEPENDENTS_WITH_SUMMARIES_JSON). */
  summaries?: ReadonlyMap<string, string>,
): Announcement[] {
  return (dependents ?? []).map(([taskId, projectId]) => {
    const summary = summaries?.get(taskId);
    return {
      event: { kind: 'task', action: 'updated', id: taskId, organizationId, projectId, taskId, actorId },
      ...(summary === undefined ? {} : { local: { dependentSummary: summary } }),
    };
  });
}
