import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download-file';

export type ProjectExportFormat = 'csv' | 'json';

/** GET /api/projects/:projectId/export.csv and …/export.json: the project as a file. */
function projectExportPath(projectId: string, format: ProjectExportFormat): string {
  return `/api/projects/${encodeURIComponent(projectId)}/export.${format}`;
}

export function useExportProject() {
  return useMutation({
    mutationFn: ({ projectId, format }: { projectId: string; format: ProjectExportFormat }) =>
      downloadFile(projectExportPath(projectId, format), `figgle-project.${format}`),
  });
}
