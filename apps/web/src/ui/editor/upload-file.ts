import type { UploadResult } from '@figgle/shared/upload-schemas';
import { ApiRequestError } from '../../lib/api-client';
import { t } from '../../lib/i18n/i18n';

/** Sends one file to POST /api/uploads; the server decides its type from its bytes. */
export async function uploadFile(file: File, folder: string, kind: 'image' | 'file'): Promise<UploadResult> {
  // The server checks the folder before it reads the file, so the fields must come first.
  const form = new FormData();
  form.set('folder', folder);
  form.set('kind', kind);
  form.set('file', file, file.name);
  let response: Response;
  try {
    response = await fetch('/api/uploads', { method: 'POST', body: form, credentials: 'include' });
  } catch {
    throw new ApiRequestError({
      statusCode: 0,
      code: 'NETWORK_ERROR',
      message: 'The server cannot be reached. Check your connection and try again.',
    });
  }
  const body = (await response.json().catch(() => null)) as (UploadResult & { message?: string }) | null;
  if (!response.ok || !body) {
    throw new ApiRequestError({
      statusCode: response.status,
      code: (body as { code?: string } | null)?.code ?? `HTTP_${response.status}`,
      message: body?.message ?? t('ui.uploadFailedStatus', { status: String(response.status) }),
    });
  }
  return body;
}
