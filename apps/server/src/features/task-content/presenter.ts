import type { TaskContentResult } from '@figgle/shared/task-content-schemas';
import type { UpdatedTaskContent } from './commands/update-task-content.ts';

/** The saved description and the version it made, so the editor knows which save it is looking at. */
export function presentTaskContent(task: UpdatedTaskContent): TaskContentResult {
  return {
    task_id: task.task_id,
    content_json: task.content_json,
    last_modified_by: task.last_modified_by,
    version: task.version,
    updated_at: task.updated_at.toISOString(),
  };
}
