import type { CommentView } from '@figgle/shared/comment-schemas';
import type { TimelineView } from '@figgle/shared/timeline-schemas';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, api } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { queryKeys } from '../../../shared/api/query-keys';
import type { RichTextValue } from '../../../ui/editor/rich-text-value';
import { toastError } from '../../../ui/toast';

interface EditCommentVariables {
  taskId: string;
  commentId: string;
  content: RichTextValue;
}

function editComment({ commentId, content }: EditCommentVariables): Promise<CommentView> {
  return api.patch<CommentView>(`/api/comments/${encodeURIComponent(commentId)}`, { content_json: content });
}

/** The edited comment takes its place in the timeline, keeping its position. */
function storeEditedComment(queryClient: QueryClient, taskId: string, comment: CommentView): void {
  queryClient.setQueryData<TimelineView>(queryKeys.timeline(taskId), (timeline) =>
    timeline
      ? {
          ...timeline,
          items: timeline.items.map((item) =>
            item.kind === 'comment' && item.comment_id === comment.comment_id
              ? { ...comment, kind: 'comment', at: item.at }
              : item,
          ),
        }
      : timeline,
  );
}

/** Its author edits a comment (PATCH /api/comments/:commentId); a refusal says why. */
export function useEditComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editComment,
    onSuccess: (comment, { taskId }) => {
      storeEditedComment(queryClient, taskId, comment);
      void queryClient.invalidateQueries({ queryKey: queryKeys.timeline(taskId) });
    },
    onError: (error) =>
      toastError(error instanceof ApiRequestError ? error.message : t('messages.saveFailed')),
  });
}
