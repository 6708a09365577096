import type { BoardView } from '@figgle/shared/board-schemas';
import { BOARD_SHAPE } from '@figgle/shared/board-shape';
import { boardTasks } from '@figgle/shared/board-tasks';
import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

/**
 * Asked in the board shape (a sixth of the bytes on the wire), read back into the summaries every
 * screen, live update and the offline copy work on. The server announces this exact address with a
 * board's page (apps/server/src/http/first-page-preloads.ts), so the preloaded answer is reused.
 */
const projectTasksPath = (projectId: string) =>
  `/api/projects/${encodeURIComponent(projectId)}/tasks?shape=${BOARD_SHAPE}`;

async function listProjectTasks(projectId: string, signal?: AbortSignal): Promise<TaskSummaryView[]> {
  return boardTasks(await api.get<BoardView>(projectTasksPath(projectId), { signal }));
}

export const projectTasksQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: queryKeys.projectTasks(projectId),
    queryFn: ({ signal }) => listProjectTasks(projectId, signal),
    // Re-read whenever a screen opens (the cached copy shows meanwhile): live updates only cover
    // changes made while the screen is open, and a copy restored after a reload may be behind.
    staleTime: 0,
  });
