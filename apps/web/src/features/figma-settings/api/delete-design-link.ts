import type { DesignLinkView } from '@figgle/shared/figma-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { designLinksQueryKey } from './list-design-links';

function deleteDesignLink(fileId: string): Promise<void> {
  return api.delete<void>(`/api/design-links/${encodeURIComponent(fileId)}`);
}

export function useDeleteDesignLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDesignLink,
    onSuccess: (_nothing, fileId) => {
      queryClient.setQueryData<DesignLinkView[]>(designLinksQueryKey, (links) =>
        links?.filter((link) => link.file_id !== fileId),
      );
    },
  });
}
