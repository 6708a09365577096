import { z } from 'zod';

/** Where the server serves a stored file: this prefix plus the file's path. */
export const UPLOAD_URL_PREFIX = '/api/uploads/';

/** The storage bucket, named after the product: `fullPath` is `${UPLOAD_BUCKET}/${path}`. */
export const UPLOAD_BUCKET = 'figgle';

/** The folder of a task's attachments (description and comments alike). */
export const taskUploadFolder = (taskId: string) => `tasks/${taskId}`;

/** Upload result (path, id, fullPath) plus what the editor needs to show it. */
export const uploadResultSchema = z.object({
  id: z.uuid(),
  path: z.string(),
  fullPath: z.string(),
  /** The file's public address on this server (site-relative). */
  url: z.string(),
  /** The cleaned file name, as a file block shows it. */
  name: z.string(),
  content_type: z.string(),
  size: z.number().int().nonnegative(),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

/** What the server answers when the file is past the size limit. */
export const uploadTooLargeMessage = (maxBytes: number) =>
  `The file is too large: the limit is ${formatBytes(maxBytes)}.`;

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${bytes} bytes`;
}
