import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Locks the organization's row until the transaction ends: the writes that count or change what an
 * organization holds under a rule (its owners, its limited webhooks and fields) run one after the other.
 */
export async function lockOrganization(trx: Kysely<Database>, organizationId: string): Promise<void> {
  await trx
    .selectFrom('organization')
    .select('organization_id')
    .where('organization_id', '=', organizationId)
    .forUpdate()
    .executeTakeFirst();
}

/** Whether the organization has one owner at most: the last owner stays (read under lockOrganization). */
export async function isLastOwner(trx: Kysely<Database>, organizationId: string): Promise<boolean> {
  const owners = await trx
    .selectFrom('rule')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('organization_id', '=', organizationId)
    .where('role', '=', 'OWNER')
    .executeTakeFirstOrThrow();
  return Number(owners.n) <= 1;
}

/**
 * Locks a live project's row until the transaction ends, so that the writes that count or order what
 * it holds run one after the other. False when the project is gone (deleted, or never there).
 */
export async function lockLiveProject(trx: Kysely<Database>, projectId: string): Promise<boolean> {
  const project = await trx
    .selectFrom('project')
    .select('project_id')
    .where('project_id', '=', projectId)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  return project !== undefined;
}
