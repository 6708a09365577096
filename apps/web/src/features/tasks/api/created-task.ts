import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../shared/api/query-keys';

/**
 * A task just created in a project, by hand or from a template: it joins the cached list at once
 * (once, whatever came first, the answer or its live event), and the reads it changes are read again:
 * the list, the projects' counts, My tasks when it has an assignee, the labels' counts when it has labels.
 */
export function showCreatedTask(queryClient: QueryClient, projectId: string, task: TaskSummaryView): void {
  queryClient.setQueryData<TaskSummaryView[]>(queryKeys.projectTasks(projectId), (tasks) =>
    tasks && !tasks.some((t) => t.task_id === task.task_id) ? [...tasks, task] : tasks,
  );
  void queryClient.invalidateQueries({ queryKey: queryKeys.projectTasks(projectId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.projects });
  if (task.assignee) void queryClient.invalidateQueries({ queryKey: queryKeys.myTasks });
  // The settings count the tasks that carry each label.
  if (task.labels.length > 0) void queryClient.invalidateQueries({ queryKey: queryKeys.allLabels });
}
