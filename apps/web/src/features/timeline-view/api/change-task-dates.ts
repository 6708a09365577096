import type { UpdateTaskInput } from '@figgle/shared/task-schemas';
import type { TimelineTask } from '@figgle/shared/timeline-view-schemas';
import { useUpdateTask } from '../../../shared/api/update-task';

/**
 * Changes a task's start and due days from the timeline: the shared task update (PATCH
 * /api/tasks/:id), whose one rule moves the bar at once with every other view of the task, queues it
 * offline, and on a refusal reads the timeline again and says what was lost.
 */
export function useChangeTaskDates() {
  const update = useUpdateTask();
  return (task: TimelineTask, changes: Pick<UpdateTaskInput, 'start_date' | 'due_on' | 'due_at'>) =>
    update.mutate({ taskId: task.task_id, changes });
}
