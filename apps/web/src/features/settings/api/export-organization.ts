import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download-file';

/** GET /api/organizations/:organizationId/export.json (owners): the whole organization as a file. */
export function useExportOrganization() {
  return useMutation({
    mutationFn: (organizationId: string) =>
      downloadFile(
        `/api/organizations/${encodeURIComponent(organizationId)}/export.json`,
        'figgle-organization.json',
      ),
  });
}
