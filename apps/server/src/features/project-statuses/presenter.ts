import type { ProjectStatusView } from '@figgle/shared/project-status-schemas';
import type { ProjectStatusRow } from './queries.ts';

export function presentProjectStatus(row: ProjectStatusRow): ProjectStatusView {
  return {
    status_id: row.status_id,
    project_id: row.project_id,
    key: row.key,
    name: row.name,
    color: row.color,
    category: row.category,
    position: row.position,
    task_count: row.task_count,
  };
}
