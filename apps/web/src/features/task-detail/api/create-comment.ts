import type { CommentView } from '@figgle/shared/comment-schemas';
import type { TaskDetailView } from '@figgle/shared/task-schemas';
import type { TimelineView } from '@figgle/shared/timeline-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { RichTextValue } from '../../../ui/editor/rich-text-value';
import { taskDetailKeys } from './query-keys';

export function createComment(taskId: string, content: RichTextValue): Promise<CommentView> {
  return api.post<CommentView>(`/api/tasks/${encodeURIComponent(taskId)}/comments`, {
    content_json: content,
  });
}

/** The new comment joins the end of the timeline and the task's count at once. */
export function useCreateComment(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: RichTextValue) => createComment(taskId, content),
    onSuccess: (comment) => {
      queryClient.setQueryData<TimelineView>(taskDetailKeys.timeline(taskId), (timeline) =>
        timeline &&
        !timeline.items.some((item) => item.kind === 'comment' && item.comment_id === comment.comment_id)
          ? {
              ...timeline,
              items: [...timeline.items, { ...comment, kind: 'comment', at: comment.created_at }],
            }
          : timeline,
      );
      queryClient.setQueryData<TaskDetailView>(taskDetailKeys.task(taskId), (task) =>
        task ? { ...task, comments_total: task.comments_total + 1 } : task,
      );
      void queryClient.invalidateQueries({ queryKey: taskDetailKeys.projectLists });
      void queryClient.invalidateQueries({ queryKey: taskDetailKeys.myTasks });
    },
  });
}
