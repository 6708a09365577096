import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import type { Role } from '../../../db/schema.ts';

export interface CreatedOrganizationRow {
  organization_id: string;
  name: string;
  figma_team_id: string | null;
  created_at: Date;
  role: Role;
}

/**
 * organization-create: the organization and its creator's OWNER rule in one transaction. Creating
 * an organization also ends onboarding (the creator now owns one).
 */
export async function createOrganization(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { name }: { name: string },
): Promise<CreatedOrganizationRow> {
  const write = () =>
    db.transaction().execute(async (trx) => {
      const organization = await trx
        .insertInto('organization')
        .values({ name })
        .returning(['organization_id', 'name', 'figma_team_id', 'created_at'])
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('rule')
        .values({ organization_id: organization.organization_id, user_id: user.user_id, role: 'OWNER' })
        .execute();
      await trx
        .updateTable('app_user')
        .set({ needs_onboarding: false, updated_at: new Date() })
        .where('user_id', '=', user.user_id)
        .execute();
      return { ...organization, role: 'OWNER' as const };
    });
  return publishAfterCommit(bus, write, (created) => ({
    event: {
      kind: 'organization',
      action: 'created',
      id: created.organization_id,
      organizationId: created.organization_id,
      actorId: user.user_id,
    },
  }));
}
