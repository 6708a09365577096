import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import { isLastOwner, lockOrganization } from '../../../db/row-locks.ts';
import { conflict, notFound } from '../../../http/errors.ts';
import { authorize } from '../../../policies/authorize.ts';
import { ruleOfOrganization } from '../queries.ts';

const LAST_OWNER_MESSAGE =
  'The last owner of an organization cannot be removed. Make someone else an owner first.';

/**
 * Revokes a membership (docs/product.md#organizations-and-members). Owners only; the last owner stays.
 * The removed person's favorites among the organization's projects go with it. After commit the bus
 * says so, and the realtime hub closes that person's subscriptions to the organization.
 */
export async function removeMember(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { organizationId, ruleId }: { organizationId: string; ruleId: string },
): Promise<{ userId: string }> {
  await authorize(db, user, 'organization.removeMember', organizationId);
  const write = () =>
    db.transaction().execute(async (trx) => {
      // Serializes concurrent removals in this organization, so two owners cannot remove each other.
      await lockOrganization(trx, organizationId);
      const rule = await ruleOfOrganization(trx, organizationId, ruleId);
      if (!rule) throw notFound('Member');
      if (rule.role === 'OWNER' && (await isLastOwner(trx, organizationId)))
        throw conflict(LAST_OWNER_MESSAGE);
      await trx.deleteFrom('rule').where('rule_id', '=', rule.rule_id).execute();
      await trx
        .deleteFrom('bookmark')
        .where('user_id', '=', rule.user_id)
        .where('project_id', 'in', (eb) =>
          eb.selectFrom('project').select('project_id').where('organization_id', '=', organizationId),
        )
        .execute();
      return { userId: rule.user_id };
    });
  return publishAfterCommit(bus, write, (removed) => ({
    event: {
      kind: 'membership',
      action: 'deleted',
      id: removed.userId,
      organizationId,
      actorId: user.user_id,
    },
  }));
}
