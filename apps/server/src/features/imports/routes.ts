import type { Readable } from 'node:stream';
import {
  importFileQuery,
  importIdParams,
  importViewSchema,
  organizationImportParams,
  projectImportParams,
  startImportInput,
} from '@figgle/shared/import-schemas';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import { requireUser } from '../../auth/current-user.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { authorize, authorizeInProject } from '../../policies/authorize.ts';
import { organizationOfImport } from '../../policies/imports.ts';
import { createStorage } from '../../storage/create-storage.ts';
import { createImport } from './commands/create-import.ts';
import { startImport } from './commands/start-import.ts';
import { presentImport } from './presenter.ts';
import { earlierImportOfSameFile, type ImportRunRow, importRunOf, importRunsOfProject } from './queries.ts';

const tags = ['imports'];

/** A request body left unread, with no enumerable fields. */
class FileBody {
  readonly #stream: Readable;
  constructor(stream: Readable) {
    this.#stream = stream;
  }
  get stream(): Readable {
    return this.#stream;
  }
}
const FILE_BODY =
  'The file itself as the body (Content-Type: application/octet-stream): a Trello board export (JSON), a Figgle project export (JSON) or a CSV file, at most IMPORT_MAX_BYTES.';

/** Import (docs/product.md#import): send a file, read what it holds, confirm the mapping, follow the job. */
export async function importRoutes(app: AppInstance): Promise<void> {
  const { db } = app.deps;
  const storage = createStorage(app.deps.env);
  // The body stays a stream: it is counted into storage (receive-import-file.ts), never buffered whole
  // here. It is wrapped so that hooks walking request.body (http/unicode-guard.ts) find no fields in it.
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) =>
    done(null, new FileBody(payload)),
  );

  const view = async (run: ImportRunRow) => presentImport(run, await earlierImportOfSameFile(db, run));
  const viewOf = async (importId: string) => {
    const run = await importRunOf(db, importId);
    if (!run) throw notFound('Import');
    return view(run);
  };
  // Both import routes receive the file the same way; only where it goes differs. A refused file is
  // drained so the client sees the answer rather than a reset connection.
  const receive = async (
    request: FastifyRequest<{ Querystring: { file_name: string } }>,
    place: { projectId: string | null; organizationId: string | null },
  ) => {
    const user = await requireUser(request);
    const run = await createImport(app.deps, storage, user, {
      ...place,
      fileName: request.query.file_name,
      declaredBytes: declared(request.headers['content-length']),
      body: streamOf(request.body),
    }).catch((error: unknown) => {
      request.raw.resume();
      throw error;
    });
    return view(run);
  };
  const declared = (header: string | undefined) => {
    const bytes = Number(header);
    return header !== undefined && Number.isFinite(bytes) ? bytes : null;
  };
  const streamOf = (body: unknown): Readable => {
    if (!(body instanceof FileBody))
      throw new HttpError(415, 'unsupported_media_type', 'Send the file as application/octet-stream.');
    return body.stream;
  };

  // Both import routes take a file the same way, and answer the import it starts.
  const fileRoute = <Params>(params: Params, description: string) => ({
    config: { slowBody: true },
    schema: { tags, description, params, querystring: importFileQuery, response: { 201: importViewSchema } },
  });

  app.post(
    '/api/projects/:projectId/imports',
    fileRoute(projectImportParams, FILE_BODY),
    async (request, reply) =>
      reply
        .status(201)
        .send(await receive(request, { projectId: request.params.projectId, organizationId: null })),
  );

  app.post(
    '/api/organizations/:organizationId/imports',
    fileRoute(
      organizationImportParams,
      `Import into a new project, created when the import starts. ${FILE_BODY}`,
    ),
    async (request, reply) =>
      reply
        .status(201)
        .send(await receive(request, { projectId: null, organizationId: request.params.organizationId })),
  );

  app.get(
    '/api/imports/:importId',
    { schema: { tags, params: importIdParams, response: { 200: importViewSchema } } },
    async (request) => {
      const user = await requireUser(request);
      await authorize(
        db,
        user,
        'import.read',
        await organizationOfImport(db, request.params.importId),
        'Import',
      );
      return viewOf(request.params.importId);
    },
  );

  app.post(
    '/api/imports/:importId/start',
    { schema: { tags, params: importIdParams, body: startImportInput, response: { 200: importViewSchema } } },
    async (request) => {
      const user = await requireUser(request);
      await startImport(app.deps, user, { importId: request.params.importId, input: request.body });
      return viewOf(request.params.importId);
    },
  );

  app.get(
    '/api/projects/:projectId/imports',
    { schema: { tags, params: projectImportParams, response: { 200: z.array(importViewSchema) } } },
    async (request) => {
      const user = await requireUser(request);
      await authorizeInProject(db, user, 'import.read', request.params.projectId);
      return Promise.all((await importRunsOfProject(db, request.params.projectId)).map(view));
    },
  );
}
