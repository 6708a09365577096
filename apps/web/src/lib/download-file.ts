import { ApiRequestError } from './api-client';
import { t } from './i18n/i18n';

/** The file name a Content-Disposition header gives (`attachment; filename="x.json"`), if any. */
function fileNameOf(disposition: string | null): string | null {
  const match = disposition ? /filename="([^"]+)"/.exec(disposition) : null;
  return match?.[1] ?? null;
}

async function errorOf(response: Response): Promise<ApiRequestError> {
  const fallback = {
    statusCode: response.status,
    code: `HTTP_${response.status}`,
    message: t('lib.downloadFailed', { status: String(response.status) }),
  };
  try {
    const body = (await response.json()) as Partial<typeof fallback>;
    return new ApiRequestError({
      ...fallback,
      ...(typeof body.code === 'string' ? { code: body.code } : {}),
      ...(typeof body.message === 'string' ? { message: body.message } : {}),
    });
  } catch {
    return new ApiRequestError(fallback);
  }
}

/**
 * Fetches a file the server builds (an export) and hands it to the browser as a download, under
 * the name the server gave it. Fetched first rather than linked, so a refusal or a lost session
 * becomes a message in the app instead of a saved error page.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'include' });
  } catch {
    throw new ApiRequestError({
      statusCode: 0,
      code: 'NETWORK_ERROR',
      message: 'The server cannot be reached. Check your connection and try again.',
    });
  }
  if (!response.ok) throw await errorOf(response);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('content-disposition')) ?? fallbackName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download from the blob; freed on the next turn, once the browser holds it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
