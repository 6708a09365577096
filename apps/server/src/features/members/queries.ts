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

/**
 * The rule `ruleId` when it is one of the organization's rules, else undefined (the member is gone or
 * the id names a rule of another organization). A command that changes it reads it under
 * `lockOrganization`.
 */
export async function ruleOfOrganization(
  db: Kysely<Database>,
  organizationId: string,
  ruleId: string,
): Promise<{ rule_id: string; user_id: string; role: Role } | undefined> {
  return db
    .selectFrom('rule')
    .select(['rule_id', 'user_id', 'role'])
    .where('rule_id', '=', ruleId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
}
