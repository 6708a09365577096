import type { LogType } from '../db/schema.ts';

/** Where a task lives, as each of its log rows names it. */
export interface TaskPlace {
  taskId: string;
  projectId: string;
  organizationId: string;
}

/** The place of a task row read with its project's organization. */
export function placeOf(row: { task_id: string; project_id: string; organization_id: string }): TaskPlace {
  return { taskId: row.task_id, projectId: row.project_id, organizationId: row.organization_id };
}

/**
 * The values of one row of a task's change log (the task page's history, which the notification
 * triggers also read): the task's place, who did it (null: Figgle itself, such as a cycle's
 * rollover), what kind of change and its details. The caller inserts it, adding `created_at` when
 * the row must carry the time of the change it records.
 */
export function logRow(place: TaskPlace, authorId: string | null, type: LogType, metadata: object) {
  return {
    task_id: place.taskId,
    project_id: place.projectId,
    organization_id: place.organizationId,
    author_id: authorId,
    type,
    metadata: JSON.stringify(metadata),
  };
}
