import type { ProjectView } from '@figgle/shared/project-schemas';
import { paths } from '../../../app/paths';

/** A project opens in its default view: the list or the board. */
export function projectPath(project: Pick<ProjectView, 'project_id' | 'default_view'>): string {
  return project.default_view === 'KANBAN'
    ? paths.projectKanban(project.project_id)
    : paths.projectList(project.project_id);
}
