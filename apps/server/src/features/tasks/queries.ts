import { type Kysely, sql } from 'kysely';
import type { Database, DeltaJson, TaskStatus } from '../../db/schema.ts';

/** Status order of the list and the board (TODO, DOING, DONE, ARCHIVE), then rank inside a column. */
const statusOrder = sql<number>`array_position(ARRAY['TODO','DOING','DONE','ARCHIVE']::text[], task.status)`;

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
      'task.last_modified_by',
      'modifier.firstname as modifier_firstname',
      'modifier.lastname as modifier_lastname',
      'task.comments_total',
      'task.author_id',
      'task.author_name',
      'task.is_from_figma',
      'task.version',
      'task.created_at',
      'task.updated_at',
    ])
    .where('task.deleted_at', 'is', null)
    .where('project.deleted_at', 'is', null);
}

export type TaskSummaryRow = Awaited<ReturnType<ReturnType<typeof taskSummaries>['executeTakeFirstOrThrow']>>;

export function tasksOfProject(db: Kysely<Database>, projectId: string): Promise<TaskSummaryRow[]> {
  return taskSummaries(db)
    .where('task.project_id', '=', projectId)
    .orderBy(statusOrder)
    .orderBy('task.rank')
    .orderBy('task.task_id')
    .execute();
}

export function taskSummary(db: Kysely<Database>, taskId: string): Promise<TaskSummaryRow | undefined> {
  return taskSummaries(db).where('task.task_id', '=', taskId).executeTakeFirst();
}

export interface TaskProjectRow {
  project_name: string;
  project_trigram: string;
  project_emoji: string;
  organization_id: string;
}

/** Tasks assigned to the user in projects of organizations where they still hold a rule. */
export function tasksAssignedTo(
  db: Kysely<Database>,
  userId: string,
): Promise<(TaskSummaryRow & TaskProjectRow)[]> {
  return taskSummaries(db)
    .innerJoin('rule', (join) =>
      join.onRef('rule.organization_id', '=', 'project.organization_id').on('rule.user_id', '=', userId),
    )
    .select([
      'project.name as project_name',
      'project.trigram as project_trigram',
      'project.emoji as project_emoji',
      'project.organization_id',
    ])
    .where('task.assignee_id', '=', userId)
    .orderBy(statusOrder)
    .orderBy('task.rank')
    .orderBy('task.task_id')
    .execute();
}

export interface TaskDetailRow extends TaskSummaryRow, TaskProjectRow {
  content_json: DeltaJson;
  figma_client_meta: Record<string, unknown> | null;
  author_firstname: string | null;
  author_lastname: string | null;
}

export function taskDetail(db: Kysely<Database>, taskId: string): Promise<TaskDetailRow | undefined> {
  return taskSummaries(db)
    .leftJoin('app_user as author', 'author.user_id', 'task.author_id')
    .select([
      'task.content_json',
      'task.figma_client_meta',
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

/** The state a change is compared against, with the task row locked until the transaction ends. */
export function lockTask(db: Kysely<Database>, taskId: string) {
  return db
    .selectFrom('task')
    .innerJoin('project', 'project.project_id', 'task.project_id')
    .select([
      'task.task_id',
      'task.project_id',
      'project.organization_id',
      'task.title',
      'task.status',
      'task.assignee_id',
      'task.rank',
    ])
    .where('task.task_id', '=', taskId)
    .where('task.deleted_at', 'is', null)
    .where('project.deleted_at', 'is', null)
    .forUpdate('task')
    .executeTakeFirst() as Promise<
    | {
        task_id: string;
        project_id: string;
        organization_id: string;
        title: string;
        status: TaskStatus;
        assignee_id: string | null;
        rank: string;
      }
    | undefined
  >;
}
