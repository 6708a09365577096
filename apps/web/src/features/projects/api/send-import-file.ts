import type { ImportView } from '@figgle/shared/import-schemas';
import { useMutation } from '@tanstack/react-query';
import { ApiRequestError } from '../../../lib/api-client';

interface SendImportFileInput {
  file: File;
  /** Into this project, or, without one, into a new project of this organization. */
  projectId: string | null;
  organizationId: string | null;
}

/**
 * The file goes as it is (the body, not a form): the server counts its bytes as they arrive and
 * refuses a file past its limit before reading it.
 */
async function sendImportFile({ file, projectId, organizationId }: SendImportFileInput): Promise<ImportView> {
  const base = projectId
    ? `/api/projects/${encodeURIComponent(projectId)}/imports`
    : `/api/organizations/${encodeURIComponent(organizationId ?? '')}/imports`;
  let response: Response;
  try {
    response = await fetch(`${base}?${new URLSearchParams({ file_name: file.name || 'import' })}`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/octet-stream' },
      body: file,
      credentials: 'include',
    });
  } catch {
    throw new ApiRequestError({
      statusCode: 0,
      code: 'NETWORK_ERROR',
      message: 'The server cannot be reached. Check your connection and try again.',
    });
  }
  const payload = (await response.json().catch(() => null)) as
    | (ImportView & { statusCode?: number; code?: string; message?: string })
    | null;
  if (!response.ok) {
    throw new ApiRequestError({
      statusCode: response.status,
      code: payload?.code ?? `HTTP_${response.status}`,
      message: payload?.message ?? `The file could not be sent (HTTP ${response.status}).`,
    });
  }
  return payload as ImportView;
}

export function useSendImportFile() {
  return useMutation({ mutationFn: sendImportFile });
}
