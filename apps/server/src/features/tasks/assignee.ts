import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';

/** A task can only be given to someone who holds a rule in its organization. */
export async function assertAssignable(
  trx: Transaction<Database> | Kysely<Database>,
  assigneeId: string,
  organizationId: string,
): Promise<void> {
  const rule = await trx
    .selectFrom('rule')
    .select('rule_id')
    .where('user_id', '=', assigneeId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  if (!rule) {
    throw badRequest('The assignee must be a member of the organization of the task.', [
      { path: 'body.assignee_id', message: 'is not a member of the organization' },
    ]);
  }
}
