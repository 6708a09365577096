import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

function markDesignChangesSeen(taskId: string): Promise<void> {
  return api.post<void>(`/api/tasks/${encodeURIComponent(taskId)}/design-changes/seen`);
}

/**
 * The assignee opened the task: the server takes what they see now as seen, and the card's "Design
 * changed" mark goes away (the task's event reads the list again).
 */
export function useMarkDesignChangesSeen() {
  return useMutation({ mutationFn: markDesignChangesSeen });
}
