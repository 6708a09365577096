import type { CreateDesignLinkInput, DesignLinkView } from '@figgle/shared/figma-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { designLinksQueryKey } from './list-design-links';

function createDesignLink(input: CreateDesignLinkInput): Promise<DesignLinkView> {
  return api.post<DesignLinkView>('/api/design-links', input);
}

export function useCreateDesignLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDesignLink,
    onSuccess: (link) => {
      queryClient.setQueryData<DesignLinkView[]>(designLinksQueryKey, (links) =>
        links ? [link, ...links.filter((l) => l.file_id !== link.file_id)] : links,
      );
      void queryClient.invalidateQueries({ queryKey: designLinksQueryKey, exact: true });
    },
  });
}
