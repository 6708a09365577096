import type { Kysely } from 'kysely';
import type { Database, Role } from '../../db/schema.ts';

export interface MemberRow {
  rule_id: string;
  user_id: string;
  role: Role;
  firstname: string;
  lastname: string;
  email: string;
}

/** Everyone holding a rule in the organization: owners first, then by arrival. Callers authorize first. */
export async function membersOf(db: Kysely<Database>, organizationId: string): Promise<MemberRow[]> {
  return db
    .selectFrom('rule')
    .innerJoin('app_user', 'app_user.user_id', 'rule.user_id')
    .select([
      'rule.rule_id',
      'rule.user_id',
      'rule.role',
      'app_user.firstname',
      'app_user.lastname',
      'app_user.email',
    ])
    .where('rule.organization_id', '=', organizationId)
    .orderBy((eb) => eb.case().when('rule.role', '=', 'OWNER').then(0).else(1).end())
    .orderBy('rule.created_at', 'asc')
    .orderBy('rule.rule_id', 'asc')
    .execute();
}
