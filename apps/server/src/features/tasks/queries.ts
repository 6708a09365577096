import type { DesignStatus } from '@figgle/shared/figma-dev-status-schemas';
import type { ChecklistProgress, TaskLabelView } from '@figgle/shared/planning-schemas';
import type { SubtaskProgress } from '@figgle/shared/task-schemas';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database, DeltaJson, Role } from '../../db/schema.ts';
import { FINISHED_CATEGORIES, FINISHED_CATEGORY_LIST } from '../../db/task-figures.ts';

const isoTime = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The planning fields of a summary for a row named `task`, as SQL expressions: the same text in the
 * presenter's rows and in the JSON the database builds, so the two cannot drift apart. A day is read
 * as text (drivers would turn a date into a Date at local midnight); labels come sorted by name.
 */
const PLANNING = {
  due_on: `to_char(task.due_on, 'YYYY-MM-DD')`,
  due_at: isoTime('task.due_at'),
  start_date: `to_char(task.start_on, 'YYYY-MM-DD')`,
  labels: `(SELECT coalesce(json_agg(json_build_object('label_id', label.label_id, 'name', label.name,
      'color', label.color) ORDER BY lower(label.name), label.name, label.label_id), '[]'::json)
    FROM task_label JOIN label ON label.label_id = task_label.label_id
    WHERE task_label.task_id = task.task_id)`,
  checklist: `(SELECT json_build_object('done', count(*) FILTER (WHERE checklist_item.done), 'total', count(*))
    FROM checklist_item WHERE checklist_item.task_id = task.task_id)`,
};

/**
 * The card's "Design: …" (issue 41): Ready for dev when one of the task's linked Figma nodes is,
 * else Completed when one is, else null (migration 0030's task_figma_node.dev_status).
 */
const DESIGN_STATUS = `(SELECT CASE WHEN bool_or(link.dev_status = 'READY_FOR_DEV') THEN 'READY_FOR_DEV'
    WHEN bool_or(link.dev_status = 'COMPLETED') THEN 'COMPLETED' END
  FROM task_figma_node AS link WHERE link.task_id = task.task_id)`;

/**
 * The structure a summary carries (issue 42, decision 0017), as structure.ts reads it for the task
 * page: only live tasks of live projects count. `subtasks` is null for a task without sub-tasks;
 * `blocked_by` counts the open tasks (neither Done nor Archive) that block it. For one row named
 * `task`; a list groups them once instead (listStructure).
 */
const structure = (category: (row: string) => string) => ({
  subtasks: `(SELECT CASE WHEN count(*) = 0 THEN NULL ELSE json_build_object(
      'done', count(*) FILTER (WHERE ${category('sub')} IN ${FINISHED_CATEGORY_LIST}), 'total', count(*)) END
    FROM task AS sub JOIN project AS sub_project ON sub_project.project_id = sub.project_id
    WHERE sub.parent_id = task.task_id AND sub.deleted_at IS NULL AND sub_project.deleted_at IS NULL)`,
  blocked_by: `(SELECT count(*)::int FROM task_relation AS blocking
    JOIN task AS blocker ON blocker.task_id = blocking.from_task_id
    JOIN project AS blocker_project ON blocker_project.project_id = blocker.project_id
    WHERE blocking.to_task_id = task.task_id AND blocking.kind = 'blocks' AND blocker.deleted_at IS NULL
      AND ${category('blocker')} NOT IN ${FINISHED_CATEGORY_LIST} AND blocker_project.deleted_at IS NULL)`,
});
const STRUCTURE = structure((row) => `${row}.status_category`);

/**
 * STRUCTURE for the tasks of a list, grouped once for the whole list rather than read per row: the
 * sub-tasks of the listed tasks by parent, their open blockers by blocked task. `scope` says which
 * tasks the list holds, as a condition on a row named `scoped`; the columns are
 * `progress.subtasks` and `blocking.blocked_by` (null for none).
 */
const listStructure = (scope: RawBuilder<unknown>) => sql`
  LEFT JOIN (
    SELECT sub.parent_id, json_build_object('done', count(*) FILTER (WHERE sub.status_category IN ${FINISHED_CATEGORIES}),
      'total', count(*)) AS subtasks
    FROM task AS scoped
    JOIN task AS sub ON sub.parent_id = scoped.task_id AND sub.deleted_at IS NULL
    JOIN project AS sub_project ON sub_project.project_id = sub.project_id AND sub_project.deleted_at IS NULL
    WHERE ${scope}
    GROUP BY sub.parent_id
  ) AS progress ON progress.parent_id = task.task_id
  LEFT JOIN (
    SELECT blocking.to_task_id, count(*)::int AS blocked_by
    FROM task AS scoped
    JOIN task_relation AS blocking ON blocking.to_task_id = scoped.task_id AND blocking.kind = 'blocks'
    JOIN task AS blocker ON blocker.task_id = blocking.from_task_id AND blocker.deleted_at IS NULL
      AND blocker.status_category NOT IN ${FINISHED_CATEGORIES}
    JOIN project AS blocker_project ON blocker_project.project_id = blocker.project_id
      AND blocker_project.deleted_at IS NULL
    WHERE ${scope}
    GROUP BY blocking.to_task_id
  ) AS blocking ON blocking.to_task_id = task.task_id
`;

/**
 * Live tasks of live projects with their assignee's and last modifier's names: one query whatever
 * the number of rows (comments_total is kept on the task row by the comment writers).
 */
function taskSummaries(db: Kysely<Database>) {
  return db
    .selectFrom('task')
    .innerJoin('project', 'project.project_id', 'task.project_id')
    .leftJoin('app_user as assignee', 'assignee.user_id', 'task.assignee_id')
    .leftJoin('app_user as modifier', 'modifier.user_id', 'task.last_modified_by')
    .select([
      'task.task_id',
      'task.project_id',
      'task.reference',
      'task.title',
      'task.status',
      'task.rank',
      'task.assignee_id',
      'assignee.firstname as assignee_firstname',
      'assignee.lastname as assignee_lastname',
      sql<string | null>`${sql.raw(PLANNING.due_on)}`.as('due_on'),
      sql<string | null>`${sql.raw(PLANNING.due_at)}`.as('due_at'),
      sql<string | null>`${sql.raw(PLANNING.start_date)}`.as('start_date'),
      'task.priority',
      sql<TaskLabelView[]>`${sql.raw(PLANNING.labels)}`.as('labels'),
      sql<ChecklistProgress>`${sql.raw(PLANNING.checklist)}`.as('checklist'),
      'task.parent_id',
      'task.estimate',
      'task.cycle_id',
      sql<SubtaskProgress | null>`${sql.raw(STRUCTURE.subtasks)}`.as('subtasks'),
      sql<number>`${sql.raw(STRUCTURE.blocked_by)}`.as('blocked_by'),
      'task.last_modified_by',
      'modifier.firstname as modifier_firstname',
      'modifier.lastname as modifier_lastname',
      'task.comments_total',
      'task.author_id',
      'task.author_name',
      'task.is_from_figma',
      sql<DesignStatus>`${sql.raw(DESIGN_STATUS)}`.as('design_status'),
      'task.version',
      'task.created_at',
      'task.updated_at',
    ])
    .where('task.deleted_at', 'is', null)
    .where('project.deleted_at', 'is', null);
}

export type TaskSummaryRow = Awaited<ReturnType<ReturnType<typeof taskSummaries>['executeTakeFirstOrThrow']>>;

export function taskSummary(db: Kysely<Database>, taskId: string): Promise<TaskSummaryRow | undefined> {
  return taskSummaries(db).where('task.task_id', '=', taskId).executeTakeFirst();
}

export interface TaskProjectRow {
  project_name: string;
  project_trigram: string;
  project_emoji: string;
  organization_id: string;
}

export interface TaskDetailRow extends TaskSummaryRow, TaskProjectRow {
  content_json: DeltaJson;
  figma_client_meta: Record<string, unknown> | null;
  milestone_id: string | null;
  author_firstname: string | null;
  author_lastname: string | null;
}

export function taskDetail(db: Kysely<Database>, taskId: string): Promise<TaskDetailRow | undefined> {
  return taskSummaries(db)
    .leftJoin('app_user as author', 'author.user_id', 'task.author_id')
    .select([
      'task.content_json',
      'task.figma_client_meta',
      'task.milestone_id',
      'author.firstname as author_firstname',
      'author.lastname as author_lastname',
      'project.name as project_name',
      'project.trigram as project_trigram',
      'project.emoji as project_emoji',
      'project.organization_id',
    ])
    .where('task.task_id', '=', taskId)
    .executeTakeFirst();
}

const person = (id: string, alias: string) =>
  `CASE WHEN ${id} IS NULL THEN NULL ELSE json_build_object('user_id', ${id}, 'firstname', coalesce(${alias}.firstname, ''), 'lastname', coalesce(${alias}.lastname, '')) END`;

/**
 * The JSON of presentTaskSummary (and of presentMyTask with `project`), built by the database: a
 * list of thousands of tasks leaves as one text value, with no per-row parsing and re-serializing
 * in Node. Keep it in step with the presenter (the tests compare the two field by field).
 */
const summaryJson = (withProject: boolean, structureOf = STRUCTURE) =>
  sql.raw(`json_build_object(
    'task_id', task.task_id,
    'project_id', task.project_id,
    'reference', task.reference,
    'title', task.title,
    'status', task.status,
    'rank', task.rank,
    'assignee', ${person('task.assignee_id', 'assignee')},
    'due_on', ${PLANNING.due_on},
    'due_at', ${PLANNING.due_at},
    'start_date', ${PLANNING.start_date},
    'priority', task.priority,
    'labels', ${PLANNING.labels},
    'checklist', ${PLANNING.checklist},
    'parent_id', task.parent_id,
    'estimate', task.estimate,
    'cycle_id', task.cycle_id,
    'subtasks', ${structureOf.subtasks},
    'blocked_by', ${structureOf.blocked_by},
    'last_modifier', ${person('task.last_modified_by', 'modifier')},
    'comments_total', task.comments_total,
    'author_id', task.author_id,
    'author_name', task.author_name,
    'is_from_figma', task.is_from_figma,
    'design_status', ${DESIGN_STATUS},
    'version', task.version,
    'created_at', ${isoTime('task.created_at')},
    'updated_at', ${isoTime('task.updated_at')}${
      withProject
        ? `,
    'project', json_build_object('project_id', project.project_id, 'name', project.name,
      'trigram', project.trigram, 'emoji', project.emoji, 'organization_id', project.organization_id)`
        : ''
    }
  )`);

/** The JSON text of presentTaskSummary for a row named `task` (joined with TASK_PEOPLE). */
export const taskSummaryJson = summaryJson(false);

/**
 * taskSummaryJson of a dependent (its parent, a task it blocks) read in the statement that changed
 * another task (change-task.ts), whose snapshot still holds that task as it was: the changed task
 * counts with `changedCategory` (an SQL expression, the written row's status category) in the
 * dependent's progress and "Blocked" mark. Only its status category may differ: nothing else of a
 * dependent's summary reads the changed task.
 */
export const dependentSummaryJson = (changedTaskId: string, changedCategory: string) =>
  summaryJson(
    false,
    structure(
      (row) =>
        `(CASE WHEN ${row}.task_id = ${changedTaskId} THEN ${changedCategory} ELSE ${row}.status_category END)`,
    ),
  );

/** The assignee and last modifier a summary names, for a row named `task`. */
export const TASK_PEOPLE = sql.raw(
  'LEFT JOIN app_user AS assignee ON assignee.user_id = task.assignee_id LEFT JOIN app_user AS modifier ON modifier.user_id = task.last_modified_by',
);

/** Status order of the list and the board (TODO, DOING, DONE, ARCHIVE), then rank inside a column. */
const LIST_ORDER = sql.raw(
  "array_position(ARRAY['TODO','DOING','DONE','ARCHIVE']::text[], task.status), task.rank, task.task_id",
);

/**
 * The fields of presentTaskSummary as columns of a row `task` joined with TASK_PEOPLE and
 * listStructure. Keep it in step with the presenter (the tests compare the two).
 */
const LISTED_COLUMNS =
  sql.raw(`task.task_id, task.project_id, task.reference, task.title, task.status, task.rank,
  ${person('task.assignee_id', 'assignee')} AS assignee,
  ${PLANNING.due_on} AS due_on, ${PLANNING.due_at} AS due_at, ${PLANNING.start_date} AS start_date,
  task.priority,
  ${PLANNING.labels} AS labels, ${PLANNING.checklist} AS checklist,
  task.parent_id, task.estimate, task.cycle_id, progress.subtasks, coalesce(blocking.blocked_by, 0) AS blocked_by,
  ${person('task.last_modified_by', 'modifier')} AS last_modifier,
  task.comments_total, task.author_id, task.author_name, task.is_from_figma,
  ${DESIGN_STATUS} AS design_status, task.version,
  ${isoTime('task.created_at')} AS created_at, ${isoTime('task.updated_at')} AS updated_at`);

/** What a list's order depends on, for one task: [task_id, status, rank], as the database spells them. */
export type ListedKey = [taskId: string, status: string, rank: string];

/**
 * GET /api/projects/:projectId/tasks as JSON text, with the user's role in the project's
 * organization, in one query whatever the number of tasks; undefined when the project is gone or
 * the user holds no rule there. Rows become JSON whole (row_to_json through json_agg of a sorted
 * subquery), which costs the database about a quarter less than a json_build_object per task.
 * `keys` names each task of the body, in its order (JSON of ListedKey[]), so the list cache can
 * patch one task in place (task-list-cache.ts).
 */
export async function projectTasksJson(
  db: Kysely<Database>,
  projectId: string,
  userId: string,
  /** Only the tasks that also meet this (custom field filters, field-filters.ts). */
  filter?: RawBuilder<unknown>,
): Promise<{ role: Role; body: string; keys: string } | undefined> {
  const result = await sql<{ role: Role; body: string; keys: string }>`
    SELECT rule.role, listed.body, listed.keys
    FROM project
    JOIN rule ON rule.organization_id = project.organization_id AND rule.user_id = ${userId}
    CROSS JOIN LATERAL (
      SELECT coalesce(json_agg(listed), '[]')::text AS body,
        coalesce(json_agg(json_build_array(listed.task_id, listed.status, listed.rank)), '[]')::text AS keys
      FROM (
        SELECT ${LISTED_COLUMNS} FROM task ${TASK_PEOPLE}
          ${listStructure(sql`scoped.project_id = ${projectId} AND scoped.deleted_at IS NULL`)}
        WHERE task.project_id = project.project_id AND task.deleted_at IS NULL ${filter ? sql`AND ${filter}` : sql``}
        ORDER BY ${LIST_ORDER}
      ) AS listed
    ) AS listed
    WHERE project.project_id = ${projectId} AND project.deleted_at IS NULL
  `.execute(db);
  return result.rows[0];
}

/** One task of a list as its JSON text (the same text as its element of projectTasksJson's body). */
export interface ListedTask {
  task_id: string;
  status: string;
  rank: string;
  json: string;
  /** The ranks of the live tasks of its column, sorted byte-wise, one a line. */
  column_ranks: string;
}

/**
 * Some tasks of a live project's list, read again after their change (task-list-cache.ts); a task
 * deleted or of another project is absent. Undefined when the project itself is gone. The ranks of
 * each task's column come with it: a move that found two equal ranks there gave the whole column
 * new ranks (figgle_change_task's spread) while its event names only the moved task.
 */
export async function listedTasks(
  db: Kysely<Database>,
  projectId: string,
  taskIds: readonly string[],
): Promise<ListedTask[] | undefined> {
  const result = await sql<{ live: string } & Partial<ListedTask>>`
    SELECT project.project_id AS live, changed.*
    FROM project
    LEFT JOIN LATERAL (
      SELECT listed.task_id, listed.status, listed.rank, row_to_json(listed)::text AS json,
        (SELECT string_agg(other.rank, E'\n' ORDER BY other.rank) FROM task AS other
          WHERE other.project_id = listed.project_id AND other.status = listed.status
            AND other.deleted_at IS NULL) AS column_ranks
      FROM (
        SELECT ${LISTED_COLUMNS} FROM task ${TASK_PEOPLE}
          ${listStructure(sql`scoped.task_id = ANY(${[...taskIds]}::uuid[])`)}
        WHERE task.project_id = project.project_id AND task.task_id = ANY(${[...taskIds]}::uuid[])
          AND task.deleted_at IS NULL
      ) AS listed
    ) AS changed ON true
    WHERE project.project_id = ${projectId} AND project.deleted_at IS NULL
  `.execute(db);
  if (result.rows.length === 0) return undefined;
  return result.rows.filter((row): row is { live: string } & ListedTask => row.task_id != null);
}

/** The user's role in the organization of a live project; undefined when gone or not theirs. */
export async function projectRole(
  db: Kysely<Database>,
  projectId: string,
  userId: string,
): Promise<Role | undefined> {
  const row = await db
    .selectFrom('project')
    .innerJoin('rule', 'rule.organization_id', 'project.organization_id')
    .select('rule.role')
    .where('project.project_id', '=', projectId)
    .where('project.deleted_at', 'is', null)
    .where('rule.user_id', '=', userId)
    .executeTakeFirst();
  return row?.role;
}

/** GET /api/my-tasks as JSON text: live tasks assigned to the user where they still hold a rule. */
export async function myTasksJson(db: Kysely<Database>, userId: string): Promise<string> {
  const result = await sql<{ body: string }>`
    SELECT coalesce(json_agg(${summaryJson(true)} ORDER BY ${LIST_ORDER}), '[]')::text AS body
    FROM task
    JOIN project ON project.project_id = task.project_id
    JOIN rule ON rule.organization_id = project.organization_id AND rule.user_id = ${userId}
    LEFT JOIN app_user AS assignee ON assignee.user_id = task.assignee_id
    LEFT JOIN app_user AS modifier ON modifier.user_id = task.last_modified_by
    WHERE task.assignee_id = ${userId} AND task.deleted_at IS NULL AND project.deleted_at IS NULL
  `.execute(db);
  return result.rows[0]?.body ?? '[]';
}
