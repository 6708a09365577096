import { type Kysely, sql } from 'kysely';
import type { Database, Role } from '../../db/schema.ts';
import type { LdapSettings } from './directory.ts';

/** The role each mapped organization gets from the person's groups: owner wins over member. */
export function rolesFromGroups(
  map: NonNullable<LdapSettings['LDAP_GROUP_MAP']>,
  groups: string[],
): Map<string, Role> {
  const inGroup = new Set(groups.map((group) => group.toLowerCase()));
  const roles = new Map<string, Role>();
  for (const mapping of map) {
    if (!inGroup.has(mapping.group.toLowerCase())) continue;
    const role: Role = mapping.role === 'owner' ? 'OWNER' : 'MEMBER';
    if (roles.get(mapping.organization) !== 'OWNER') roles.set(mapping.organization, role);
  }
  return roles;
}

/**
 * At each directory sign-in: the person joins each organization their groups map to (made, by
 * name, when none has that name yet), and is raised to owner when an owners' group says so. A
 * mapping never lowers or removes a role: an owner made by hand stays one, and the last owner of an
 * organization can never be taken away by a directory change (remove people on the Members page).
 */
export async function joinMappedOrganizations(
  db: Kysely<Database>,
  userId: string,
  roles: Map<string, Role>,
): Promise<void> {
  if (roles.size === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const [name, role] of roles) {
      const found = await trx
        .selectFrom('organization')
        .select('organization_id')
        .where('name', '=', name)
        .orderBy('created_at')
        .limit(1)
        .executeTakeFirst();
      const organizationId =
        found?.organization_id ??
        (
          await trx
            .insertInto('organization')
            .values({ name })
            .returning('organization_id')
            .executeTakeFirstOrThrow()
        ).organization_id;
      await sql`
        INSERT INTO rule (organization_id, user_id, role) VALUES (${organizationId}, ${userId}, ${role})
        ON CONFLICT (organization_id, user_id) DO UPDATE SET role = 'OWNER' WHERE excluded.role = 'OWNER'
      `.execute(trx);
    }
    // Someone placed in an organization has nothing to set up first.
    await trx
      .updateTable('app_user')
      .set({ needs_onboarding: false, updated_at: new Date() })
      .where('user_id', '=', userId)
      .execute();
  });
}
