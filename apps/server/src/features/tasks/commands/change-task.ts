import { START_AFTER_DUE_MESSAGE } from '@figgle/shared/planning-schemas';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { CurrentUser } from '../../../auth/current-user.ts';
import type { Announcement } from '../../../commands/publish-after-commit.ts';
import type { Database, Role, TaskPriority, TaskStatus } from '../../../db/schema.ts';
import { FINISHED_CATEGORIES } from '../../../db/task-figures.ts';
import { badRequest, notFound } from '../../../http/errors.ts';
import { allowRole } from '../../../policies/authorize.ts';
import { type Action, rolesAllowedTo } from '../../../policies/can.ts';
import { TOLD_JSON, type Told } from '../../notifications/commands/record.ts';
import {
  announceDependents,
  DEPENDENTS_JSON,
  DEPENDENTS_WITH_SUMMARIES_JSON,
  type Dependent,
  type DependentWithSummary,
} from '../dependents.ts';
import { TASK_PEOPLE, taskSummaryJson } from '../queries.ts';

/** What to change; an absent field stays as it is. */
export interface TaskChange {
  title?: string;
  status?: TaskStatus;
  /** With a status: the place in that column, counted without the task; null or absent: its end. */
  index?: number | null;
  /** null unassigns. */
  assigneeId?: string | null;
  /** A due day (YYYY-MM-DD); clears a due time. null clears the due day. */
  dueOn?: string | null;
  /** A due instant (ISO); clears a due day. null clears the due time. */
  dueAt?: string | null;
  /** A start day (YYYY-MM-DD), never after the due day the change leaves; null clears it. */
  startDate?: string | null;
  priority?: TaskPriority;
}

/** What figgle_change_task is told to do with the two due columns: setting one clears the other. */
function dueArguments(change: TaskChange) {
  const setDueOn = change.dueOn !== undefined || (change.dueAt !== undefined && change.dueAt !== null);
  const setDueAt = change.dueAt !== undefined || (change.dueOn !== undefined && change.dueOn !== null);
  return { setDueOn, dueOn: change.dueOn ?? null, setDueAt, dueAt: change.dueAt ?? null };
}

export interface ChangedTask {
  taskId: string;
  projectId: string;
  organizationId: string;
  /** The task's status after the change. */
  status: TaskStatus;
  /** False when every value asked was already the task's: nothing was written. */
  changed: boolean;
  /** The task's summary as JSON text, built by the database in presentTaskSummary's shape. */
  summary: string;
  /** Tasks whose summaries show this one's status (dependents.ts), when it became finished or open. */
  dependents?: Dependent[] | null;
  /** The dependents' summaries once the change is made, by task id, when its statement read them. */
  dependentSummaries?: ReadonlyMap<string, string>;
  /** Whom the change's log row told (the log trigger), as the statement answered it. */
  told?: Told[];
}

interface ChangeRow {
  outcome:
    | 'missing'
    | 'refused'
    | 'not_assignable'
    | 'out_of_range'
    | 'start_after_due'
    | 'unchanged'
    | 'changed';
  actor_role: Role | null;
  column_size: number | null;
  project_id: string | null;
  organization_id: string | null;
  status: TaskStatus | null;
  body: string | null;
  dependents: Dependent[] | null;
  told: Told[] | null;
}

/**
 * Whether a change crossed between open and finished: the written row (`task`) is finished and the
 * task before the change (the statement's snapshot, read by `taskId`) was not, or the other way
 * round. Such a change tells the task's parent and the tasks it blocks (dependents.ts).
 */
const crossedFinished = (
  taskId: RawBuilder<unknown>,
) => sql<boolean>`(task.status_category IN ${FINISHED_CATEGORIES})
  IS DISTINCT FROM (SELECT before.status_category IN ${FINISHED_CATEGORIES}
  FROM task AS before WHERE before.task_id = ${taskId})`;

// What this speed device saves, what invalidates it: docs/machinery/one-statement-task-changes.md
/**
 * Changes a task through the database's figgle_change_task (db/functions/figgle-change-task.ts, the one implementation
 * of the rules: lock, role, assignee, place in the column, due date, start date, priority, write, log row), with the written task's
 * summary and the people its log row told read in the same statement: one round trip, no
 * transaction around it. The function checks
 * the role against the roles policies/can.ts allows `action`; when it refuses, policies/authorize.ts
 * says whether that is a 404 or a 403.
 */
export async function changeTask(
  db: Kysely<Database>,
  user: CurrentUser,
  taskId: string,
  change: TaskChange,
  action: Action,
): Promise<ChangedTask> {
  const setsAssignee = change.assigneeId !== undefined;
  const due = dueArguments(change);
  const { rows } = await sql<ChangeRow>`
    SELECT change.outcome, change.actor_role, change.column_size, task.project_id,
      project.organization_id, task.status,
      CASE WHEN change.written IS NULL THEN NULL ELSE ${taskSummaryJson}::text END AS body,
      -- The statement sees the task as it was before the function changed it: a status that became
      -- finished or open again tells the task's parent and the tasks it blocks (dependents.ts), each
      -- with its summary once the change is made (for this server's list cache).
      CASE WHEN change.outcome = 'changed' AND ${change.status !== undefined}::boolean
        AND ${crossedFinished(sql`${taskId}::uuid`)}
        THEN ${DEPENDENTS_WITH_SUMMARIES_JSON} END AS dependents,
      -- Whom the log row's trigger told: taken after the function has run (the row it projects).
      CASE WHEN change.outcome = 'changed' THEN ${TOLD_JSON} END AS told
    FROM figgle_change_task(${taskId}::uuid, ${user.user_id}::uuid, ${rolesAllowedTo(action)}::text[],
      ${new Date()}::timestamptz, ${change.title ?? null}::text, ${change.status ?? null}::text,
      ${change.index ?? null}::integer, ${setsAssignee}::boolean, ${change.assigneeId ?? null}::uuid,
      ${due.setDueOn}::boolean, ${due.dueOn}::date, ${due.setDueAt}::boolean, ${due.dueAt}::timestamptz,
      ${change.priority ?? null}::text, ${change.startDate !== undefined}::boolean,
      ${change.startDate ?? null}::date) AS change
    LEFT JOIN LATERAL (SELECT (change.written).*) AS task ON true
    LEFT JOIN project ON project.project_id = task.project_id ${TASK_PEOPLE}
  `.execute(db);
  const row = rows[0]!;
  refuseOutcome(row, change, action);
  const read = row.dependents as DependentWithSummary[] | null;
  return {
    ...changedTask(
      taskId,
      { ...row, dependents: read?.map(([id, project, blocked]) => [id, project, blocked]) ?? null },
      row.body!,
    ),
    ...(read ? { dependentSummaries: new Map(read.map(([id, , , summary]) => [id, summary])) } : {}),
    told: row.told ?? [],
  };
}

/** What a change of one task answers, from its statement's row once refuseOutcome let it pass. */
function changedTask(
  taskId: string,
  row: Pick<ChangeRow, 'outcome' | 'project_id' | 'organization_id' | 'status' | 'dependents'>,
  summary: string,
): ChangedTask {
  return {
    taskId,
    projectId: row.project_id!,
    organizationId: row.organization_id!,
    status: row.status!,
    changed: row.outcome === 'changed',
    summary,
    dependents: row.dependents,
  };
}

/** The HTTP refusal of a change's outcome (404, 403, 400); nothing when the task changed or was already so. */
function refuseOutcome(
  row: Pick<ChangeRow, 'outcome' | 'actor_role' | 'column_size'>,
  change: TaskChange,
  action: Action,
) {
  switch (row.outcome) {
    case 'missing':
      throw notFound('Task');
    case 'refused':
      allowRole(row.actor_role, action, 'Task');
      throw new Error(`figgle_change_task refused a role that policies/can.ts allows to ${action}`);
    case 'not_assignable':
      throw badRequest('The assignee must be a member of the organization of the task.', [
        { path: 'body.assignee_id', message: 'is not a member of the organization' },
      ]);
    case 'start_after_due':
      throw badRequest(START_AFTER_DUE_MESSAGE, [
        { path: 'body.start_date', message: 'is after the due date' },
      ]);
    case 'out_of_range': {
      const others = Number(row.column_size);
      throw badRequest(
        `The index ${change.index} is out of range: the column holds ${others} other task(s), so it must be between 0 and ${others}.`,
        [{ path: 'body.index', message: 'is out of range' }],
      );
    }
  }
}

/** A task of a batch and the change it gets. */
export interface TaskChangeStep {
  taskId: string;
  change: TaskChange;
}

type BatchRow = Omit<ChangeRow, 'body' | 'told'> & { ord: string };

// What this saves and what it must keep: docs/machinery/bulk-changes.md
/**
 * Many tasks' changes (a bulk change) in one statement: figgle_change_task once per task, in the
 * order given (the caller's lock order), through a lateral call over the arrays of every argument:
 * each task keeps its own lock, rules, version and log row, as with changeTask, but the statement is
 * parsed, planned and sent once instead of once per task. The summaries are read after it, in one
 * more statement that sees every task of the batch as written (a parent's progress counts a child
 * changed in the same batch). The first refusal, in the order given, is thrown: the caller's
 * transaction then rolls back every task. Whom the log rows told is left noted for `takeTold`.
 */
export async function changeTasks(
  trx: Kysely<Database>,
  user: CurrentUser,
  steps: readonly TaskChangeStep[],
  action: Action,
): Promise<ChangedTask[]> {
  if (steps.length === 0) return [];
  const column = <T>(pick: (change: TaskChange) => T) => steps.map((step) => pick(step.change));
  const dues = steps.map((step) => dueArguments(step.change));
  const text = (values: ReadonlyArray<string | number | boolean | null | undefined>) =>
    values.map((value) => (value === undefined || value === null ? null : String(value)));
  const { rows } = await sql<BatchRow>`
    SELECT step.ord, change.outcome, change.actor_role, change.column_size, task.project_id,
      project.organization_id, task.status,
      -- The statement's snapshot is the one before every call of the batch: the status each task had.
      CASE WHEN change.outcome = 'changed' AND step.status IS NOT NULL
        AND ${crossedFinished(sql`step.task_id`)}
        THEN ${DEPENDENTS_JSON} END AS dependents
    FROM unnest(${text(steps.map((step) => step.taskId))}::uuid[], ${text(column((c) => c.title))}::text[],
      ${text(column((c) => c.status))}::text[], ${text(column((c) => c.index))}::integer[],
      ${text(column((c) => c.assigneeId !== undefined))}::boolean[], ${text(column((c) => c.assigneeId))}::uuid[],
      ${text(dues.map((due) => due.setDueOn))}::boolean[], ${text(dues.map((due) => due.dueOn))}::date[],
      ${text(dues.map((due) => due.setDueAt))}::boolean[], ${text(dues.map((due) => due.dueAt))}::timestamptz[],
      ${text(column((c) => c.priority))}::text[], ${text(column((c) => c.startDate !== undefined))}::boolean[],
      ${text(column((c) => c.startDate))}::date[])
      WITH ORDINALITY AS step(task_id, title, status, index, sets_assignee, assignee_id, sets_due_on, due_on,
        sets_due_at, due_at, priority, sets_start_on, start_on, ord)
    CROSS JOIN LATERAL figgle_change_task(step.task_id, ${user.user_id}::uuid, ${rolesAllowedTo(action)}::text[],
      ${new Date()}::timestamptz, step.title, step.status, step.index, step.sets_assignee, step.assignee_id,
      step.sets_due_on, step.due_on, step.sets_due_at, step.due_at, step.priority, step.sets_start_on,
      step.start_on) AS change
    LEFT JOIN LATERAL (SELECT (change.written).*) AS task ON true
    LEFT JOIN project ON project.project_id = task.project_id
  `.execute(trx);
  // In the order given, whatever order the rows came back in (ord counts from 1).
  const ordered: BatchRow[] = [];
  for (const row of rows) ordered[Number(row.ord) - 1] = row;
  for (const [at, step] of steps.entries()) refuseOutcome(ordered[at]!, step.change, action);
  const summaries = await sql<{ task_id: string; body: string }>`
    SELECT task.task_id, ${taskSummaryJson}::text AS body FROM task ${TASK_PEOPLE}
    WHERE task.task_id = ANY(${text(steps.map((step) => step.taskId))}::uuid[])
  `.execute(trx);
  const bodies = new Map(summaries.rows.map((row) => [row.task_id, row.body]));
  return steps.map(({ taskId }, at) => {
    return changedTask(taskId, ordered[at]!, bodies.get(taskId.toLowerCase())!);
  });
}

/**
 * The bus event of a change, carrying the summary for this process's own sockets, then those of its
 * dependents (a parent's progress, a blocked task's mark); none when nothing changed.
 */
export function announceChange(task: ChangedTask, actorId: string): Announcement[] {
  if (!task.changed) return [];
  const own: Announcement = {
    event: {
      kind: 'task',
      action: 'updated',
      id: task.taskId,
      organizationId: task.organizationId,
      projectId: task.projectId,
      taskId: task.taskId,
      status: task.status,
      actorId,
    },
    local: { taskSummary: task.summary },
  };
  return [own, ...announceDependents(task.dependents, task.organizationId, actorId, task.dependentSummaries)];
}
