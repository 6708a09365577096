import type { ProjectView } from '@figgle/shared/project-schemas';
import type { TaskDetailView } from '@figgle/shared/task-schemas';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { queryKeys } from './api/query-keys';
import { requestNewTask } from './app-actions';
import { paths, projectPath } from './paths';

const uuid = '[0-9a-fA-F-]{36}';
const projectPage = new RegExp(`^/project/(${uuid})/(?:list|kanban|calendar)/?$`);
const taskPage = new RegExp(`^/task/(${uuid})/?$`);

/** The project whose list or board is at `pathname`, or null. */
function projectOnScreen(pathname: string): string | null {
  return projectPage.exec(pathname)?.[1]?.toLowerCase() ?? null;
}

/** The task whose page is at `pathname`, or null. */
export function taskOnScreen(pathname: string): string | null {
  return taskPage.exec(pathname)?.[1]?.toLowerCase() ?? null;
}

/**
 * The project the person is looking at: the one of the list or board shown, or the project of the task
 * shown (once its page has read it). Null elsewhere.
 */
export function currentProjectId(pathname: string, queryClient: QueryClient): string | null {
  const project = projectOnScreen(pathname);
  if (project) return project;
  const taskId = taskOnScreen(pathname);
  if (!taskId) return null;
  return queryClient.getQueryData<TaskDetailView>(queryKeys.task(taskId))?.project_id ?? null;
}

/** A project's address in its default view when it is known here, else its list. */
export function projectAddress(queryClient: QueryClient, projectId: string): string {
  const project =
    queryClient.getQueryData<ProjectView>(queryKeys.project(projectId)) ??
    queryClient
      .getQueryData<ProjectView[]>(queryKeys.projects)
      ?.find((candidate) => candidate.project_id === projectId);
  return project ? projectPath(project) : paths.projectList(projectId);
}

/**
 * Opens the add-task dialog of a project: on its screen when it is shown, after going there otherwise
 * (the request waits for the screen, shared/app-actions.ts).
 */
export function useStartNewTask(): (projectId: string, options?: { fromTemplate?: boolean }) => void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  return (projectId, options) => {
    if (projectOnScreen(pathname) !== projectId) navigate(projectAddress(queryClient, projectId));
    requestNewTask(projectId, options);
  };
}
