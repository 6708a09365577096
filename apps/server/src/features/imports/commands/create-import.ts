import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { authorize, organizationOfProject } from '../../../policies/authorize.ts';
import type { Storage } from '../../../storage/storage.ts';
import type { ImportRunRow } from '../queries.ts';
import { analyseInThread } from '../read-in-thread.ts';
import { importTooLarge, receiveImportFile, storedImportFile } from '../receive-import-file.ts';

export interface CreateImportInput {
  /** Into this project; null: into a new project of organizationId, created when the import starts. */
  projectId: string | null;
  organizationId: string | null;
  fileName: string;
  /** The request's Content-Length, when it said one: a file declared too large is refused unread. */
  declaredBytes: number | null;
  body: Readable;
}

/**
 * Receives a file to import into storage and reads it back (in a thread, read-in-thread.ts): its
 * format, what it holds and the suggested mapping are stored on a new run ('analysed'), with the
 * file. A file that cannot be read is a 400 and a file over IMPORT_MAX_BYTES a 413, and then
 * nothing is kept. Nothing is imported until the run is
 * started (start-import.ts), so this announces nothing.
 */
export async function createImport(
  { db, env, importSlots }: Pick<AppDeps, 'db' | 'env' | 'importSlots'>,
  storage: Storage,
  actor: CurrentUser,
  input: CreateImportInput,
): Promise<ImportRunRow> {
  let organizationId: string;
  if (input.projectId) {
    organizationId = await organizationOfProject(db, input.projectId);
    await authorize(db, actor, 'import.create', organizationId, 'Project');
  } else {
    organizationId = input.organizationId!;
    await authorize(db, actor, 'import.create', organizationId);
    await authorize(db, actor, 'project.create', organizationId);
  }
  const maxBytes = env.IMPORT_MAX_BYTES;
  if (input.declaredBytes !== null && input.declaredBytes > maxBytes) throw importTooLarge(maxBytes);

  // Limited per person and per server before the first byte is read (import-slots.ts).
  const release = importSlots.take(actor.user_id);
  const importId = randomUUID();
  const storagePath = `imports/${organizationId}/${importId}`;
  let received: Awaited<ReturnType<typeof receiveImportFile>>;
  let read: Awaited<ReturnType<typeof analyseInThread>>;
  try {
    received = await receiveImportFile(input.body, storage, maxBytes);
    // Stored first, then read back by a thread when its parse has its turn: the request holds no
    // copy of the file meanwhile, and the server's event loop goes on answering.
    await received.file.keep(storagePath, {
      contentType: 'application/octet-stream',
      cacheControl: 'private, no-store',
    });
    try {
      read = await analyseInThread(
        storedImportFile(storage, storagePath, () => new Error('The file to import was not stored.')),
      );
    } catch (error) {
      await storage.remove(storagePath);
      throw error;
    }
  } finally {
    release();
  }
  return db
    .insertInto('import_run')
    .values({
      import_id: importId,
      organization_id: organizationId,
      project_id: input.projectId,
      created_by: actor.user_id,
      format: read.format,
      file_name: input.fileName,
      file_size: received.file.size,
      file_digest: received.digest,
      storage_path: storagePath,
      analysis: JSON.stringify(read.analysis),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
