import type { ImportView, StartImportInput } from '@figgle/shared/import-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { projectsQueryKey } from '../../../shared/api/list-projects';
import { importQueryKey } from './get-import';

function startImport({
  importId,
  input,
}: {
  importId: string;
  input: StartImportInput;
}): Promise<ImportView> {
  return api.post<ImportView>(`/api/imports/${encodeURIComponent(importId)}/start`, input);
}

export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startImport,
    onSuccess: (run) => {
      queryClient.setQueryData(importQueryKey(run.import_id), run);
      // An import from "Add a project" has just created its project.
      return queryClient.invalidateQueries({ queryKey: projectsQueryKey });
    },
  });
}
