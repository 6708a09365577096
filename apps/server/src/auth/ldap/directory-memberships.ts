import type { Kysely, Transaction } from 'kysely';
import { isLastOwner, lockOrganization } from '../../db/row-locks.ts';
import type { Database, Role } from '../../db/schema.ts';
import type { LdapSettings } from './directory.ts';

/**
 * The role each organization named in the map gets from the person's groups: owner wins over
 * member, and null says none of its groups holds them.
 */
export function rolesFromGroups(
  map: NonNullable<LdapSettings['LDAP_GROUP_MAP']>,
  groups: string[],
): Map<string, Role | null> {
  const inGroup = new Set(groups.map((group) => group.toLowerCase()));
  const roles = new Map<string, Role | null>();
  for (const mapping of map) {
    if (!roles.has(mapping.organization)) roles.set(mapping.organization, null);
    if (!inGroup.has(mapping.group.toLowerCase())) continue;
    const role: Role = mapping.role === 'owner' ? 'OWNER' : 'MEMBER';
    if (roles.get(mapping.organization) !== 'OWNER') roles.set(mapping.organization, role);
  }
  return roles;
}

/** The organization of that name (the oldest of several), made when `create` and there is none. */
async function organizationNamed(trx: Transaction<Database>, name: string, create: boolean) {
  const found = await trx
    .selectFrom('organization')
    .select('organization_id')
    .where('name', '=', name)
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  if (found || !create) return found?.organization_id;
  const made = await trx
    .insertInto('organization')
    .values({ name })
    .returning('organization_id')
    .executeTakeFirstOrThrow();
  return made.organization_id;
}

/**
 * At each directory sign-in, a directory account's place in every organization LDAP_GROUP_MAP
 * names follows its groups: it joins (the organization is made by that name when none exists), is
 * raised to owner or lowered to member, or leaves when no mapped group holds it any more. The last
 * owner of an organization is never lowered or removed, as on the Members page. Organizations the
 * map does not name are left alone.
 */
export async function followMappedGroups(
  db: Kysely<Database>,
  userId: string,
  roles: Map<string, Role | null>,
): Promise<void> {
  if (roles.size === 0) return;
  await db.transaction().execute(async (trx) => {
    let placed = false;
    for (const [name, role] of roles) {
      const organizationId = await organizationNamed(trx, name, role !== null);
      if (!organizationId) continue;
      // Serializes with the Members page's changes in this organization (last-owner check).
      await lockOrganization(trx, organizationId);
      const current = await trx
        .selectFrom('rule')
        .select(['rule_id', 'role'])
        .where('organization_id', '=', organizationId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      const keepsOwner =
        current?.role === 'OWNER' && role !== 'OWNER' && (await isLastOwner(trx, organizationId));
      if (role !== null) placed = true;
      if (keepsOwner || current?.role === role) continue;
      if (!current && role) {
        await trx
          .insertInto('rule')
          .values({ organization_id: organizationId, user_id: userId, role })
          .execute();
      } else if (current && role) {
        await trx.updateTable('rule').set({ role }).where('rule_id', '=', current.rule_id).execute();
      } else if (current) {
        await trx.deleteFrom('rule').where('rule_id', '=', current.rule_id).execute();
        // As the Members page's removal: their favorites among its projects go too.
        await trx
          .deleteFrom('bookmark')
          .where('user_id', '=', userId)
          .where('project_id', 'in', (eb) =>
            eb.selectFrom('project').select('project_id').where('organization_id', '=', organizationId),
          )
          .execute();
      }
    }
    // Someone placed in an organization has nothing to set up first.
    if (placed) {
      await trx
        .updateTable('app_user')
        .set({ needs_onboarding: false, updated_at: new Date() })
        .where('user_id', '=', userId)
        .execute();
    }
  });
}
