import type { Kysely } from 'kysely';
import type { Database, Role } from '../../db/schema.ts';

export interface OrganizationRow {
  organization_id: string;
  name: string;
  figma_team_id: string | null;
  created_at: Date;
  rules: Array<{ rule_id: string; user_id: string; role: Role }>;
}

/** The user's organizations, oldest first, each with all its rules. */
export async function organizationsOf(db: Kysely<Database>, userId: string): Promise<OrganizationRow[]> {
  const organizations = await db
    .selectFrom('organization')
    .innerJoin('rule', 'rule.organization_id', 'organization.organization_id')
    .select([
      'organization.organization_id',
      'organization.name',
      'organization.figma_team_id',
      'organization.created_at',
    ])
    .where('rule.user_id', '=', userId)
    .orderBy('organization.created_at', 'asc')
    .orderBy('organization.organization_id', 'asc')
    .execute();
  if (organizations.length === 0) return [];
  const rules = await db
    .selectFrom('rule')
    .select(['rule_id', 'user_id', 'role', 'organization_id'])
    .where(
      'organization_id',
      'in',
      organizations.map((o) => o.organization_id),
    )
    .orderBy('created_at', 'asc')
    .orderBy('rule_id', 'asc')
    .execute();
  return organizations.map((organization) => ({
    ...organization,
    rules: rules
      .filter((rule) => rule.organization_id === organization.organization_id)
      .map(({ rule_id, user_id, role }) => ({ rule_id, user_id, role })),
  }));
}

/** One organization with its rules, or undefined. Callers authorize first. */
export async function organizationById(
  db: Kysely<Database>,
  organizationId: string,
): Promise<OrganizationRow | undefined> {
  const organization = await db
    .selectFrom('organization')
    .select(['organization_id', 'name', 'figma_team_id', 'created_at'])
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  if (!organization) return undefined;
  const rules = await db
    .selectFrom('rule')
    .select(['rule_id', 'user_id', 'role'])
    .where('organization_id', '=', organizationId)
    .orderBy('created_at', 'asc')
    .orderBy('rule_id', 'asc')
    .execute();
  return { ...organization, rules };
}
