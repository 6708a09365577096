import type { UpdateTaskInput } from '@figgle/shared/task-schemas';
import type { ProjectTimeline, TimelineTask } from '@figgle/shared/timeline-view-schemas';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../shared/api/query-keys';
import { useUpdateTask } from '../../../shared/api/update-task';

type Dates = Pick<TimelineTask, 'start_date' | 'due_on' | 'due_at'>;

function withDates(data: ProjectTimeline | undefined, taskId: string, dates: Dates) {
  if (!data) return data;
  return {
    ...data,
    tasks: data.tasks.map((task) => (task.task_id === taskId ? { ...task, ...dates } : task)),
  };
}

/**
 * Changes a task's start and due days from the timeline (PATCH /api/tasks/:id through the shared task
 * update, so the list, board, calendar and offline queue see it too). The bar moves at once; a
 * refusal puts the task's old dates back on the timeline, and the shared update says what was lost.
 */
export function useChangeTaskDates(projectId: string) {
  const queryClient = useQueryClient();
  const update = useUpdateTask();
  const key = queryKeys.projectTimeline(projectId);
  return (task: TimelineTask, changes: Pick<UpdateTaskInput, 'start_date' | 'due_on' | 'due_at'>) => {
    const before: Dates = { start_date: task.start_date, due_on: task.due_on, due_at: task.due_at };
    // Setting one due field clears the other, as the server does.
    const after: Dates = {
      start_date: changes.start_date !== undefined ? changes.start_date : task.start_date,
      due_on:
        changes.due_on !== undefined ? changes.due_on : changes.due_at !== undefined ? null : task.due_on,
      due_at:
        changes.due_at !== undefined ? changes.due_at : changes.due_on !== undefined ? null : task.due_at,
    };
    void queryClient.cancelQueries({ queryKey: key, exact: true });
    queryClient.setQueryData<ProjectTimeline>(key, (data) => withDates(data, task.task_id, after));
    update.mutate(
      { taskId: task.task_id, changes },
      {
        onError: () =>
          queryClient.setQueryData<ProjectTimeline>(key, (data) => withDates(data, task.task_id, before)),
        onSettled: () => void queryClient.invalidateQueries({ queryKey: key, exact: true }),
      },
    );
  };
}
