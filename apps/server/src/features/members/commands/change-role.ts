import type { Role } from '@figgle/shared/roles';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import { isLastOwner, lockOrganization } from '../../../db/row-locks.ts';
import { conflict, notFound } from '../../../http/errors.ts';
import { authorize } from '../../../policies/authorize.ts';
import { ruleOfOrganization } from '../queries.ts';

export const LAST_OWNER_ROLE_MESSAGE =
  'The last owner of an organization stays an owner. Make someone else an owner first.';

/**
 * Owners make a member an owner, or an owner a member (PATCH
 * /api/organizations/:organizationId/members/:ruleId); an owner steps down by changing their own
 * rule. The last owner stays (409). Concurrent changes in one organization run one after the other,
 * so two owners cannot both step down and leave none. Answers the rule's user and role.
 */
export async function changeRole(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { organizationId, ruleId, role }: { organizationId: string; ruleId: string; role: Role },
): Promise<{ userId: string; role: Role; changed: boolean }> {
  await authorize(db, user, 'organization.changeRole', organizationId);
  const write = () =>
    db.transaction().execute(async (trx) => {
      await lockOrganization(trx, organizationId);
      // Read again under the lock: the person asking may have stepped down meanwhile.
      const own = await trx
        .selectFrom('rule')
        .select('role')
        .where('organization_id', '=', organizationId)
        .where('user_id', '=', user.user_id)
        .executeTakeFirst();
      if (own?.role !== 'OWNER') await authorize(trx, user, 'organization.changeRole', organizationId);
      const rule = await ruleOfOrganization(trx, organizationId, ruleId);
      if (!rule) throw notFound('Member');
      if (rule.role === role) return { userId: rule.user_id, role, changed: false };
      if (rule.role === 'OWNER' && (await isLastOwner(trx, organizationId)))
        throw conflict(LAST_OWNER_ROLE_MESSAGE);
      await trx.updateTable('rule').set({ role }).where('rule_id', '=', rule.rule_id).execute();
      return { userId: rule.user_id, role, changed: true };
    });
  return publishAfterCommit(bus, write, (changed) =>
    changed.changed
      ? {
          event: {
            kind: 'membership',
            action: 'updated',
            id: changed.userId,
            organizationId,
            actorId: user.user_id,
          },
        }
      : null,
  );
}
