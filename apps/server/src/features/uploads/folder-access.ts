import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { CurrentUser } from '../../auth/current-user.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { authorize, organizationOfProject, organizationOfTask } from '../../policies/authorize.ts';

const UPLOAD_FOLDER_OWNER_MESSAGE =
  'Files go into the folder of a task, a project or an organization: tasks/{taskId}, projects/{projectId} or organizations/{organizationId}.';

const ownerSchema = z.tuple([z.enum(['tasks', 'projects', 'organizations']), z.uuid()]);

/**
 * A folder names what its files belong to (`tasks/{taskId}/…`); whoever may read that thing may read
 * the files, whoever may write in it may add some. Anyone else gets 404, as for the thing itself.
 */
export async function authorizeFolder(
  db: Kysely<Database>,
  user: CurrentUser,
  folder: string,
  access: 'read' | 'write',
): Promise<void> {
  const parsed = ownerSchema.safeParse(folder.split('/').slice(0, 2));
  if (!parsed.success) {
    if (access === 'write')
      throw badRequest(UPLOAD_FOLDER_OWNER_MESSAGE, [
        { path: 'folder', message: UPLOAD_FOLDER_OWNER_MESSAGE },
      ]);
    throw notFound('File');
  }
  const [kind, id] = parsed.data;
  let organizationId: string;
  if (kind === 'tasks') organizationId = (await organizationOfTask(db, id)).organizationId;
  else if (kind === 'projects') organizationId = await organizationOfProject(db, id);
  else organizationId = id;
  const action =
    access === 'write'
      ? 'upload.create'
      : kind === 'tasks'
        ? 'task.read'
        : kind === 'projects'
          ? 'project.read'
          : 'organization.read';
  await authorize(db, user, action, organizationId, access === 'read' ? 'File' : 'Folder');
}
