import type { IncomingMessage } from 'node:http';
import fastifyMultipart from '@fastify/multipart';
import { isValidUploadFolder, UPLOAD_FOLDER_MESSAGE } from '@figgle/shared/upload-name';
import { uploadResultSchema } from '@figgle/shared/upload-schemas';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import { requireUser } from '../../auth/current-user.ts';
import { badRequest, HttpError, notFound } from '../../http/errors.ts';
import { fileAnswer } from '../../http/response-schemas.ts';
import { createStorage } from '../../storage/create-storage.ts';
import { StorageConflictError } from '../../storage/storage.ts';
import { storeUpload } from './commands/store-upload.ts';
import { authorizeFolder } from './folder-access.ts';
import { presentStoredFile, presentUpload } from './presenter.ts';
import { findUploadByPath } from './queries.ts';
import { readUploadForm, tooLarge } from './read-upload-form.ts';
import { uploadSlots } from './upload-slots.ts';

/** Room for the multipart framing around the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * After a refusal, the rest of the body is read and thrown away, so the browser still sending it gets
 * the answer and the connection stays usable; the upload timeout bounds how long that may take.
 */
function discardRestOfBody(raw: IncomingMessage): void {
  if (raw.complete) return;
  raw.unpipe();
  raw.resume();
}

export async function uploadRoutes(app: AppInstance): Promise<void> {
  const { env } = app.deps;
  const storage = createStorage(env);
  const maxBytes = env.UPLOAD_MAX_BYTES;
  const slots = uploadSlots(env.UPLOADS_PER_USER);
  await app.register(fastifyMultipart, {
    // Busboy would silently cut a name like '../../x' down to 'x': keep it whole so it can be refused.
    preservePath: true,
    limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1000, parts: 8, headerPairs: 100 },
  });

  app.post(
    '/api/uploads',
    {
      config: { slowBody: true },
      schema: {
        tags: ['uploads'],
        description:
          'multipart/form-data with the fields folder (e.g. tasks/{taskId}) and optional kind ("image" accepts PNG and JPEG only), then the file: a folder sent after the file is refused.',
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
      const freeSlot = slots.take(user.user_id);
      try {
        const form = await readUploadForm(request.parts(), {
          storage,
          maxBytes,
          checkFolder: async (folder) => {
            if (!folder || !isValidUploadFolder(folder)) {
              throw badRequest(UPLOAD_FOLDER_MESSAGE, [{ path: 'folder', message: UPLOAD_FOLDER_MESSAGE }]);
            }
            await authorizeFolder(app.deps.db, user, folder, 'write');
            return folder;
          },
        });
        const stored = await storeUpload(app.deps, user, form).catch((error: unknown) => {
          if (error instanceof StorageConflictError)
            throw new HttpError(409, 'conflict', 'A file already exists at this path.');
          throw error;
        });
        return reply.status(201).send(presentUpload(stored));
      } catch (error) {
        discardRestOfBody(request.raw);
        throw error;
      } finally {
        freeSlot();
      }
    },
  );

  app.get(
    '/api/uploads/*',
    {
      schema: {
        tags: ['uploads'],
        params: z.object({ '*': z.string().max(600) }),
        response: { 200: fileAnswer('*/*', 'The file, with the type it was stored with.') },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const upload = await findUploadByPath(app.deps.db, request.params['*']);
      if (!upload) throw notFound('File');
      await authorizeFolder(app.deps.db, user, upload.folder, 'read');
      const stored = await storage.get(upload.path);
      if (!stored) throw notFound('File');
      const file = presentStoredFile(upload, stored);
      return reply.headers(file.headers).send(file.body);
    },
  );
}
