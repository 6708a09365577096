import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { organizationUpdated } from '../../../commands/announcements.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import { badRequest } from '../../../http/errors.ts';
import { authorize } from '../../../policies/authorize.ts';
import { isTimeZone } from '../zoned-time.ts';

/**
 * Sets the organization's time zone (PUT /api/organizations/:organizationId/time-zone), an IANA name
 * such as Europe/Paris: recurring tasks count days and keep due times in it. Owners only.
 */
export async function setOrganizationTimeZone(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { organizationId, timeZone }: { organizationId: string; timeZone: string },
): Promise<void> {
  await authorize(db, user, 'organization.setTimeZone', organizationId);
  if (!isTimeZone(timeZone)) {
    throw badRequest(`"${timeZone}" is not a time zone; use an IANA name such as Europe/Paris.`, [
      { path: 'body.time_zone', message: 'is not a known time zone' },
    ]);
  }
  await publishAfterCommit(
    bus,
    () =>
      db
        .updateTable('organization')
        .set({ time_zone: timeZone })
        .where('organization_id', '=', organizationId)
        .execute(),
    () => organizationUpdated(organizationId, user.user_id),
  );
}
