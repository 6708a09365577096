import type { BulkChangeTasksInput, BulkTaskFields } from '@figgle/shared/bulk-task-schemas';
import type { PersonView, TaskSummaryView } from '@figgle/shared/task-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';
import {
  patchTasks,
  refreshTaskLists,
  restoreTaskLists,
  type TaskCacheSnapshot,
  takeTaskListsSnapshot,
} from '../../../shared/api/task-cache';
import { fieldsShownBy } from '../../../shared/api/task-change-fields';

type BulkGroup = BulkChangeTasksInput['groups'][number];

/** A project's custom fields and values (queryKeys.projectCustomFields), whichever project. */
const isCustomFieldsQuery = ({ queryKey }: { queryKey: readonly unknown[] }) =>
  queryKey[0] === 'project' && queryKey[2] === 'custom-fields';

export interface BulkChangeVariables {
  groups: BulkGroup[];
  /** The people the groups assign, so the rows show their names before the server answers. */
  people?: ReadonlyMap<string, PersonView>;
}

function bulkChangeTasks(groups: BulkGroup[]): Promise<{ tasks: TaskSummaryView[] }> {
  return api.post<{ tasks: TaskSummaryView[] }>('/api/tasks/bulk-change', { groups });
}

/** The fields a group's changes show in a row: the task update's one rule, and the cycle. */
function shownFields(
  changes: BulkTaskFields,
  people: BulkChangeVariables['people'],
): Partial<TaskSummaryView> {
  const { assignee_id: assigneeId, due_on, due_at, status, priority, estimate, cycle_id } = changes;
  // A move shows once the server answers: the row leaves its project's list then.
  if (changes.project_id !== undefined) return {};
  return {
    ...fieldsShownBy(
      { assignee_id: assigneeId, due_on, due_at, status, priority, estimate },
      assigneeId ? people?.get(assigneeId) : undefined,
    ),
    ...(cycle_id !== undefined ? { cycle_id } : {}),
  };
}

/**
 * One bulk change (the list's selection bar, or its undo): every row shows it at once, and a
 * refusal puts every list back as it was, since the server changed none of the tasks either.
 */
export function useBulkChangeTasks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groups }: BulkChangeVariables) => bulkChangeTasks(groups),
    onMutate: ({ groups, people }: BulkChangeVariables): { snapshot: TaskCacheSnapshot } => {
      const snapshot = takeTaskListsSnapshot(queryClient);
      const patches = new Map<string, () => Partial<TaskSummaryView>>();
      for (const group of groups) {
        const fields = shownFields(group.changes, people);
        for (const taskId of group.task_ids) patches.set(taskId, () => fields);
      }
      patchTasks(queryClient, patches);
      return { snapshot };
    },
    onSuccess: ({ tasks }) => {
      // The server's rows win unless a live update already brought a newer version.
      const byId = new Map(tasks.map((task) => [task.task_id, task]));
      patchTasks(
        queryClient,
        new Map(
          tasks.map((task) => [
            task.task_id,
            (cached: TaskSummaryView) => (cached.version > byId.get(cached.task_id)!.version ? {} : task),
          ]),
        ),
      );
    },
    onError: (_error, _variables, context) => restoreTaskLists(queryClient, context?.snapshot),
    onSettled: (_answer, _error, { groups }) => {
      refreshTaskLists(queryClient);
      // Custom values are read with the project's fields; labels' counts with the organization's labels.
      if (groups.some((group) => group.changes.custom_value))
        void queryClient.invalidateQueries({ predicate: isCustomFieldsQuery });
      if (
        groups.some(
          (group) => group.changes.label_ids || group.changes.add_label_ids || group.changes.remove_label_ids,
        )
      )
        void queryClient.invalidateQueries({ queryKey: queryKeys.allLabels });
    },
  });
}
