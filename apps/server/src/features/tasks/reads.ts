import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import type { Kysely } from 'kysely';
import type { CurrentUser } from '../../auth/current-user.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { allowRole, authorize, organizationOfTask } from '../../policies/authorize.ts';
import { presentBoard } from './board-presenter.ts';
import { readTaskFieldFilters, taskFieldFilterSql } from './field-filters.ts';
import type { JsonText } from './json-reply.ts';
import { myTasksJson, projectRole, projectTasksJson, type TaskDetailRow, taskDetail } from './queries.ts';
import type { ListShape, TaskListCache } from './task-list-cache.ts';

/**
 * A project's tasks as JSON text (presentTaskSummary's shape per row, or presentBoard's), from the
 * list cache when it holds them (still checking the reader's role), else from the database in one
 * query with the role.
 */
export async function readProjectTasks(
  db: Kysely<Database>,
  lists: TaskListCache,
  user: CurrentUser,
  projectId: string,
  shape: ListShape = 'list',
  /** The `field` parameter: filters on custom fields, read in SQL and never cached. */
  fieldFilter?: string | readonly string[],
): Promise<JsonText> {
  if (fieldFilter !== undefined) {
    allowRole(await projectRole(db, projectId, user.user_id), 'task.read', 'Project');
    const filters = await readTaskFieldFilters(db, projectId, fieldFilter);
    if (filters) {
      const found = await projectTasksJson(db, projectId, user.user_id, taskFieldFilterSql(filters));
      allowRole(found?.role, 'task.read', 'Project');
      const body = found!.body;
      if (shape === 'list') return { body };
      return { body: JSON.stringify(presentBoard(projectId, JSON.parse(body) as TaskSummaryView[])) };
    }
  }
  const cached = await lists.get(projectId, shape);
  if (cached) {
    allowRole(await projectRole(db, projectId, user.user_id), 'task.read', 'Project');
    return cached;
  }
  const generation = lists.generation(projectId);
  const found = await projectTasksJson(db, projectId, user.user_id);
  allowRole(found?.role, 'task.read', 'Project');
  const { body, keys } = found!;
  const kept = lists.remember(projectId, generation, body, keys, shape);
  if (kept) return kept;
  if (shape === 'list') return { body };
  return { body: JSON.stringify(presentBoard(projectId, JSON.parse(body) as TaskSummaryView[])) };
}

/** The tasks assigned to the user, as JSON text (presentMyTask's shape per row). */
export async function readMyTasks(db: Kysely<Database>, user: CurrentUser): Promise<JsonText> {
  return { body: await myTasksJson(db, user.user_id) };
}

export async function readTaskDetail(
  db: Kysely<Database>,
  user: CurrentUser,
  taskId: string,
): Promise<TaskDetailRow> {
  await authorize(db, user, 'task.read', (await organizationOfTask(db, taskId)).organizationId, 'Task');
  const row = await taskDetail(db, taskId);
  if (!row) throw notFound('Task');
  return row;
}
