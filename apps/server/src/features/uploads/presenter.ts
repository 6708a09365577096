import type { Readable } from 'node:stream';
import { UPLOAD_CACHE_CONTROL_SECONDS } from '@figgle/shared/constants';
import { UPLOAD_BUCKET, UPLOAD_URL_PREFIX, type UploadResult } from '@figgle/shared/upload-schemas';
import type { StoredUpload } from './commands/store-upload.ts';
import type { findUploadByPath } from './queries.ts';
import { INLINE_IMAGE_TYPES } from './sniff-content-type.ts';

// A served file may be opened directly: it must never run script or load anything in our origin.
const FILE_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

/** What the editor needs to show a file it just sent: where it is served and what it is. */
export function presentUpload(stored: StoredUpload): UploadResult {
  return {
    id: stored.upload_id,
    path: stored.path,
    fullPath: `${UPLOAD_BUCKET}/${stored.path}`,
    url: `${UPLOAD_URL_PREFIX}${stored.path}`,
    name: stored.file_name,
    content_type: stored.content_type,
    size: stored.size_bytes,
  };
}

type UploadRow = NonNullable<Awaited<ReturnType<typeof findUploadByPath>>>;

/**
 * A stored file as it leaves: the type sniffed at upload, shown in the page only for the image types
 * a browser cannot run, downloaded otherwise, cached by this browser alone.
 */
export function presentStoredFile(upload: UploadRow, stored: { body: Readable; size: number }) {
  const inline = INLINE_IMAGE_TYPES.has(upload.content_type);
  return {
    headers: {
      'content-type': upload.content_type,
      'content-length': String(stored.size || upload.size_bytes),
      'content-disposition': `${inline ? 'inline' : 'attachment'}; filename="${upload.file_name}"`,
      'x-content-type-options': 'nosniff',
      'cache-control': `private, max-age=${UPLOAD_CACHE_CONTROL_SECONDS}`,
      'content-security-policy': FILE_CSP,
      'cross-origin-resource-policy': 'same-origin',
    },
    body: stored.body,
  };
}
