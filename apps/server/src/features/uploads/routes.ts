import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import { UPLOAD_CACHE_CONTROL_SECONDS } from '@figgle/shared/constants';
import { hasControlCharacters } from '@figgle/shared/display-text';
import { isValidUploadFolder, UPLOAD_FOLDER_MESSAGE } from '@figgle/shared/upload-name';
import {
  UPLOAD_BUCKET,
  UPLOAD_URL_PREFIX,
  uploadResultSchema,
  uploadTooLargeMessage,
} from '@figgle/shared/upload-schemas';
import { z } from 'zod';
import type { AppInstance } from '../../app.ts';
import { requireUser } from '../../auth/current-user.ts';
import { badRequest, HttpError, notFound } from '../../http/errors.ts';
import { createStorage, StorageConflictError } from '../../storage/storage.ts';
import { storeUpload } from './commands/store-upload.ts';
import { authorizeFolder } from './folder-access.ts';
import { findUploadByPath } from './queries.ts';
import { INLINE_IMAGE_TYPES, sniffContentType } from './sniff-content-type.ts';

/** The editor's image input takes PNG and JPEG only (core §2); checked on the bytes, not the name. */
const IMAGE_KINDS = new Set(['image/png', 'image/jpeg']);
/** Room for the multipart framing around the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

// A served file may be opened directly: it must never run script or load anything in our origin.
const FILE_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

/**
 * A name that tries to climb folders or carries control or text-direction characters (which make
 * 'invoice\u202Etxt.exe' show as 'invoiceexe.txt') is refused, not silently cleaned.
 */
function checkFileName(name: string): void {
  if (!name.trim() || name.length > 255 || /[/\\]|\.\./.test(name) || hasControlCharacters(name)) {
    throw badRequest('The file name must be a plain name: no folder, no "..", at most 255 characters.', [
      { path: 'file', message: 'has an invalid name' },
    ]);
  }
}

const tooLarge = (maxBytes: number) =>
  new HttpError(413, 'payload_too_large', uploadTooLargeMessage(maxBytes));

interface UploadForm {
  folder?: string;
  kind?: string;
  file?: { name: string; data: Buffer };
}

async function readForm(
  parts: AsyncIterableIterator<MultipartFile | { type: 'field'; fieldname: string; value: unknown }>,
  maxBytes: number,
  /** Runs before the file's bytes are read, with the folder when the form sent it first. */
  beforeFile: (folder: string | undefined) => Promise<void>,
): Promise<UploadForm> {
  const form: UploadForm = {};
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || form.file) {
          await part.toBuffer().catch(() => undefined);
          throw badRequest('Send one file, in the field "file".');
        }
        checkFileName(part.filename);
        await beforeFile(form.folder);
        form.file = { name: part.filename, data: await part.toBuffer() };
      } else if (part.fieldname === 'folder' || part.fieldname === 'kind') {
        form[part.fieldname] = typeof part.value === 'string' ? part.value : undefined;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
    if (code === 'FST_FILES_LIMIT') throw badRequest('Send one file, in the field "file".');
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw badRequest('The form has too many fields.');
    throw error;
  }
  return form;
}

export async function uploadRoutes(app: AppInstance): Promise<void> {
  const { env } = app.deps;
  const storage = createStorage(env);
  const maxBytes = env.UPLOAD_MAX_BYTES;
  await app.register(fastifyMultipart, {
    // Busboy would silently cut a name like '../../x' down to 'x': keep it whole so it can be refused.
    preservePath: true,
    limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1000, parts: 8, headerPairs: 100 },
  });

  app.post(
    '/api/uploads',
    {
      schema: {
        tags: ['uploads'],
        description:
          'multipart/form-data with the fields folder (e.g. tasks/{taskId}), optional kind ("image" accepts PNG and JPEG only) and file.',
        response: { 201: uploadResultSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      if (!request.isMultipart())
        throw new HttpError(415, 'unsupported_media_type', 'Send the file as multipart/form-data.');
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD_BYTES)
        throw tooLarge(maxBytes);

      const checkFolder = async (folder: string | undefined): Promise<string> => {
        if (!folder || !isValidUploadFolder(folder)) {
          throw badRequest(UPLOAD_FOLDER_MESSAGE, [{ path: 'folder', message: UPLOAD_FOLDER_MESSAGE }]);
        }
        await authorizeFolder(app.deps.db, user, folder, 'write');
        return folder;
      };
      // Someone who may not write in the folder is turned away before 25 MB are read, when the form
      // names the folder first (the app's does).
      const form = await readForm(request.parts(), maxBytes, async (folder) => {
        if (folder !== undefined) await checkFolder(folder);
      });
      const folder = await checkFolder(form.folder);
      if (form.kind !== undefined && form.kind !== 'image' && form.kind !== 'file') {
        throw badRequest('The kind must be "image" or "file".', [
          { path: 'kind', message: 'must be image or file' },
        ]);
      }
      if (!form.file)
        throw badRequest('Choose a file to upload.', [{ path: 'file', message: 'is required' }]);
      if (form.file.data.length === 0)
        throw badRequest('The file is empty.', [{ path: 'file', message: 'is empty' }]);

      const contentType = sniffContentType(form.file.data);
      if (form.kind === 'image' && !IMAGE_KINDS.has(contentType)) {
        throw new HttpError(415, 'unsupported_media_type', 'Images must be PNG or JPEG files.');
      }

      let stored: Awaited<ReturnType<typeof storeUpload>>;
      try {
        stored = await storeUpload(app.deps, storage, user, {
          folder,
          fileName: form.file.name,
          data: form.file.data,
          contentType,
        });
      } catch (error) {
        if (error instanceof StorageConflictError)
          throw new HttpError(409, 'conflict', 'A file already exists at this path.');
        throw error;
      }
      return reply.status(201).send({
        id: stored.upload_id,
        path: stored.path,
        fullPath: `${UPLOAD_BUCKET}/${stored.path}`,
        url: `${UPLOAD_URL_PREFIX}${stored.path}`,
        name: stored.file_name,
        content_type: stored.content_type,
        size: stored.size_bytes,
      });
    },
  );

  app.get(
    '/api/uploads/*',
    { schema: { tags: ['uploads'], params: z.object({ '*': z.string().max(600) }) } },
    async (request, reply) => {
      const user = await requireUser(request);
      const upload = await findUploadByPath(app.deps.db, request.params['*']);
      if (!upload) throw notFound('File');
      await authorizeFolder(app.deps.db, user, upload.folder, 'read');
      const stored = await storage.get(upload.path);
      if (!stored) throw notFound('File');
      const inline = INLINE_IMAGE_TYPES.has(upload.content_type);
      return reply
        .header('content-type', upload.content_type)
        .header('content-length', String(stored.size || upload.size_bytes))
        .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${upload.file_name}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', `private, max-age=${UPLOAD_CACHE_CONTROL_SECONDS}`)
        .header('content-security-policy', FILE_CSP)
        .header('cross-origin-resource-policy', 'same-origin')
        .send(stored.body);
    },
  );
}
