import { randomUUID } from 'node:crypto';
import { UPLOAD_CACHE_CONTROL_SECONDS } from '@figgle/shared/constants';
import { cleanUploadFileName, uploadPath } from '@figgle/shared/upload-name';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import type { ReceivedFile } from '../../../storage/storage.ts';

export interface StoredUpload {
  upload_id: string;
  path: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
}

/**
 * The received file (its type already read from its bytes) goes to a new path (a random id in front of
 * the cleaned name), then its row is written: never inside a transaction, since the store may be a
 * remote S3 service.
 */
export async function storeUpload(
  { db }: Pick<AppDeps, 'db'>,
  user: CurrentUser,
  input: { folder: string; fileName: string; file: ReceivedFile; contentType: string },
): Promise<StoredUpload> {
  const fileName = cleanUploadFileName(input.fileName);
  const path = uploadPath(input.folder, randomUUID(), fileName);
  const { contentType, file } = input;
  await file.keep(path, { contentType, cacheControl: `private, max-age=${UPLOAD_CACHE_CONTROL_SECONDS}` });
  const row = await db
    .insertInto('upload')
    .values({
      path,
      folder: input.folder,
      file_name: fileName,
      content_type: contentType,
      size_bytes: file.size,
      uploaded_by: user.user_id,
    })
    .returning(['upload_id', 'path', 'file_name', 'content_type'])
    .executeTakeFirstOrThrow();
  return { ...row, size_bytes: file.size };
}
