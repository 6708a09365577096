import type { ProjectTimeline, TimelineTask } from '@figgle/shared/timeline-view-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { offlineMutationKeys } from '../../../lib/offline/mutation-keys';
import { queryKeys } from '../../../shared/api/query-keys';

type TaskLink = Pick<TimelineTask, 'task_id' | 'reference' | 'title' | 'status'>;

/**
 * The variables of a relation added on the task page (AddRelationVariables of task-detail's
 * add-relation.ts): a change queued offline is stored under the same key and sent after a reload by
 * the request registered for it (app/offline-mutations.ts), Retry included.
 */
interface AddBlocksVariables {
  taskId: string;
  side: 'blocks';
  otherId: string;
  other: TaskLink;
  self: TaskLink;
}

const linkOf = ({ task_id, reference, title, status }: TimelineTask): TaskLink => ({
  task_id,
  reference,
  title,
  status,
});

const withBlock = (data: ProjectTimeline | undefined, from: string, to: string) =>
  data && !data.blocks.some((pair) => pair.from_task_id === from && pair.to_task_id === to)
    ? { ...data, blocks: [...data.blocks, { from_task_id: from, to_task_id: to }] }
    : data;

const withoutBlock = (data: ProjectTimeline | undefined, from: string, to: string) =>
  data && {
    ...data,
    blocks: data.blocks.filter((pair) => !(pair.from_task_id === from && pair.to_task_id === to)),
  };

/**
 * "A blocks B" from the timeline: POST /api/tasks/:id/relations through the relations' offline key
 * (its request, queue and refusal toast come from the defaults registered for that key). The arrow
 * shows at once; a refusal (a loop of blockers, a task gone) takes it away again, and the refusal
 * toast gives the server's words.
 */
export function useAddDependency(projectId: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.projectTimeline(projectId);
  const mutation = useMutation<unknown, Error, AddBlocksVariables, { added: boolean }>({
    mutationKey: offlineMutationKeys.addRelation,
    onMutate: ({ taskId, otherId }) => {
      void queryClient.cancelQueries({ queryKey: key, exact: true });
      const before = queryClient.getQueryData<ProjectTimeline>(key);
      const after = withBlock(before, taskId, otherId);
      queryClient.setQueryData<ProjectTimeline>(key, after);
      return { added: after !== before };
    },
    onError: (_error, { taskId, otherId }, context) => {
      if (context?.added)
        queryClient.setQueryData<ProjectTimeline>(key, (data) => withoutBlock(data, taskId, otherId));
    },
    onSettled: (_answer, _error, { taskId, otherId }) => {
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.taskStructure(taskId), exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.taskStructure(otherId), exact: true });
    },
  });
  return (blocker: TimelineTask, blocked: TimelineTask) =>
    mutation.mutate({
      taskId: blocker.task_id,
      side: 'blocks',
      otherId: blocked.task_id,
      other: linkOf(blocked),
      self: linkOf(blocker),
    });
}
