import type { CommentView } from '@figgle/shared/comment-schemas';
import type { TaskDetailView } from '@figgle/shared/task-schemas';
import type { TimelineView } from '@figgle/shared/timeline-schemas';
import {
  type Mutation,
  type QueryClient,
  useMutation,
  useMutationState,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { offlineMutationKeys } from '../../../lib/offline/mutation-keys';
import { wasQueued } from '../../../lib/offline/offline-queue';
import { queryKeys } from '../../../shared/api/query-keys';
import type { RichTextValue } from '../../../ui/editor/rich-text-value';

/** What is stored with a comment written offline: the task it is for travels with it. */
export interface CreateCommentVariables {
  taskId: string;
  content: RichTextValue;
}

function createComment(taskId: string, content: RichTextValue): Promise<CommentView> {
  return api.post<CommentView>(`/api/tasks/${encodeURIComponent(taskId)}/comments`, {
    content_json: content,
  });
}

/** The new comment joins the end of the timeline and the task's count at once. */
function storeNewComment(queryClient: QueryClient, taskId: string, comment: CommentView): void {
  queryClient.setQueryData<TimelineView>(queryKeys.timeline(taskId), (timeline) =>
    timeline &&
    !timeline.items.some((item) => item.kind === 'comment' && item.comment_id === comment.comment_id)
      ? {
          ...timeline,
          items: [...timeline.items, { ...comment, kind: 'comment', at: comment.created_at }],
        }
      : timeline,
  );
  queryClient.setQueryData<TaskDetailView>(queryKeys.task(taskId), (task) =>
    task ? { ...task, comments_total: task.comments_total + 1 } : task,
  );
  void queryClient.invalidateQueries({ queryKey: queryKeys.allProjectTasks });
  void queryClient.invalidateQueries({ queryKey: queryKeys.myTasks });
}

/**
 * What sending a comment does, from the page that wrote it or after a reload (offline, comments wait
 * in order; see usePendingComments): the comment joins the timeline. A failure is said by the write
 * area online, and by name with Retry for one that waited (lib/offline/refused-change.ts).
 */
export function createCommentOptions(queryClient: QueryClient) {
  return {
    mutationKey: offlineMutationKeys.createComment,
    mutationFn: ({ taskId, content }: CreateCommentVariables) => createComment(taskId, content),
    onSuccess: (comment: CommentView, { taskId }: CreateCommentVariables) =>
      storeNewComment(queryClient, taskId, comment),
  };
}

export function useCreateComment() {
  const queryClient = useQueryClient();
  return useMutation(createCommentOptions(queryClient));
}

export interface PendingComment {
  mutationId: number;
  content: RichTextValue;
  /** Waiting for the network (or for the changes before it), rather than on its way. */
  isPaused: boolean;
}

/**
 * The comments on a task written offline and not yet answered by the server, oldest first (they
 * survive a reload). One sent online is not among them: its draft stays in the editor meanwhile.
 */
export function usePendingComments(taskId: string): PendingComment[] {
  return useMutationState({
    filters: {
      mutationKey: offlineMutationKeys.createComment,
      status: 'pending',
      predicate: (mutation: Mutation) =>
        (mutation.state.variables as CreateCommentVariables | undefined)?.taskId === taskId &&
        wasQueued(mutation),
    },
    select: (mutation) => ({
      mutationId: mutation.mutationId,
      content: (mutation.state.variables as CreateCommentVariables).content,
      isPaused: mutation.state.isPaused,
    }),
  });
}
