import type { TaskDetailView } from '@figgle/shared/task-schemas';
import type { TimelineView } from '@figgle/shared/timeline-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, api } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { queryKeys } from '../../../shared/api/query-keys';
import { toastError } from '../../../ui/toast';

interface DeleteCommentVariables {
  taskId: string;
  commentId: string;
}

function deleteComment({ commentId }: DeleteCommentVariables): Promise<unknown> {
  return api.delete(`/api/comments/${encodeURIComponent(commentId)}`);
}

/** Its author deletes a comment (DELETE /api/comments/:commentId): it leaves the timeline at once. */
export function useDeleteComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: (_answer, { taskId, commentId }) => {
      queryClient.setQueryData<TimelineView>(queryKeys.timeline(taskId), (timeline) =>
        timeline
          ? {
              ...timeline,
              items: timeline.items.filter(
                (item) => item.kind !== 'comment' || item.comment_id !== commentId,
              ),
            }
          : timeline,
      );
      queryClient.setQueryData<TaskDetailView>(queryKeys.task(taskId), (task) =>
        task ? { ...task, comments_total: Math.max(0, task.comments_total - 1) } : task,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.timeline(taskId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.allProjectTasks });
    },
    onError: (error) =>
      toastError(error instanceof ApiRequestError ? error.message : t('messages.saveFailed')),
  });
}
