import { type Kysely, sql } from 'kysely';
import { lockLiveProject } from '../../../db/row-locks.ts';
import type { Database } from '../../../db/schema.ts';
import { conflict, notFound } from '../../../http/errors.ts';

type Trx = Kysely<Database>;

/**
 * Locks the project's row for the rest of the transaction: the changes to one project's statuses
 * (names, positions, moved tasks) happen one after another. 404 when the project is gone.
 */
export async function lockProjectStatuses(trx: Trx, projectId: string): Promise<void> {
  if (!(await lockLiveProject(trx, projectId))) throw notFound('Project');
}

/** lockProjectStatuses, then the project's statuses as they stand under the lock, in their order. */
export async function lockedStatusesOf(
  trx: Trx,
  projectId: string,
): Promise<Array<{ status_id: string; key: string; name: string; position: number }>> {
  await lockProjectStatuses(trx, projectId);
  return trx
    .selectFrom('project_status')
    .select(['status_id', 'key', 'name', 'position'])
    .where('project_id', '=', projectId)
    .orderBy('position')
    .orderBy('key')
    .execute();
}

/** 409 when another status of the project has this name, whatever its case. */
export async function refuseTakenName(
  trx: Trx,
  projectId: string,
  name: string,
  exceptStatusId?: string,
): Promise<void> {
  let query = trx
    .selectFrom('project_status')
    .select('status_id')
    .where('project_id', '=', projectId)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptStatusId) query = query.where('status_id', '<>', exceptStatusId);
  if (await query.executeTakeFirst()) {
    throw conflict(`The project already has a status named "${name}".`);
  }
}
