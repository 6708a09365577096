import type { ProjectView } from '@figgle/shared/project-schemas';
import { iso } from '../../http/iso-time.ts';
import type { ProjectRow } from './queries.ts';

export function presentProject(row: ProjectRow): ProjectView {
  return {
    project_id: row.project_id,
    organization_id: row.organization_id,
    name: row.name,
    trigram: row.trigram,
    emoji: row.emoji,
    description: row.description,
    default_view: row.default_view,
    estimate_scale: row.estimate_scale,
    estimated_task_count: row.estimated_task_count,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    organization: { organization_id: row.organization_id, name: row.organization_name },
    task_count: row.task_count,
    is_bookmarked: row.is_bookmarked,
  };
}
