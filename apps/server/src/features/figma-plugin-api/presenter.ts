import type { LinkedTask } from '@figgle/shared/figma-plugin-schemas';
import type { LinkedTaskRow } from './queries.ts';

/** A linked task as the plugin shows it; `publicUrl` is the server's address (PUBLIC_URL). */
export function presentLinkedTask(row: LinkedTaskRow, publicUrl: string): LinkedTask {
  return {
    task_id: row.task_id,
    project_id: row.project_id,
    project_name: row.project_name,
    reference: `${row.trigram}-${row.reference}`,
    title: row.title,
    status: row.status,
    assignee:
      row.assignee_id === null
        ? null
        : {
            user_id: row.assignee_id,
            firstname: row.assignee_firstname ?? '',
            lastname: row.assignee_lastname ?? '',
          },
    due_on: row.due_on,
    due_at: row.due_at === null ? null : new Date(row.due_at).toISOString(),
    node_id: row.node_id,
    url: `${publicUrl.replace(/\/+$/, '')}/task/${encodeURIComponent(row.task_id)}`,
  };
}
