import type { TaskContentResult } from '@figgle/shared/task-content-schemas';
import type { TaskDetailView } from '@figgle/shared/task-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';
import type { RichTextValue } from '../../../ui/editor/rich-text-value';

function updateTaskContent(taskId: string, content: RichTextValue): Promise<TaskContentResult> {
  return api.patch<TaskContentResult>(`/api/tasks/${encodeURIComponent(taskId)}/content`, {
    content_json: content,
  });
}

/** The description autosave: the answer updates the cached task; the timeline gets its log line. */
export function useUpdateTaskContent(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: RichTextValue) => updateTaskContent(taskId, content),
    onSuccess: (result) => {
      queryClient.setQueryData<TaskDetailView>(queryKeys.task(taskId), (task) =>
        task && task.version <= result.version
          ? {
              ...task,
              content_json: result.content_json,
              version: result.version,
              updated_at: result.updated_at,
            }
          : task,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.timeline(taskId) });
    },
  });
}
