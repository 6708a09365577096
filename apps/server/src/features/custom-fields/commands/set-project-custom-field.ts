import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { projectChanged } from '../../../commands/announcements.ts';
import { publishAfterTransaction } from '../../../commands/publish-after-commit.ts';
import { badRequest } from '../../../http/errors.ts';
import { authorizeInProject } from '../../../policies/authorize.ts';

/**
 * Turns a field of the project's organization on in the project (and on its board cards or not),
 * or off. Values stay stored while it is off and show again when it is turned back on. A field of
 * another organization, or none, is the same 400, so nothing about other organizations leaks.
 */
export async function setProjectCustomField(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  {
    projectId,
    fieldId,
    enabled,
    onCard,
  }: { projectId: string; fieldId: string; enabled: boolean; onCard: boolean },
): Promise<void> {
  const organizationId = await authorizeInProject(db, user, 'customField.manage', projectId);
  await publishAfterTransaction(
    { db, bus },
    async (trx) => {
      const field = await trx
        .selectFrom('custom_field')
        .select('field_id')
        .where('field_id', '=', fieldId)
        .where('organization_id', '=', organizationId)
        .executeTakeFirst();
      if (!field) {
        throw badRequest("This is not a custom field of the project's organization.", [
          { path: 'params.fieldId', message: 'is not a field of this organization' },
        ]);
      }
      if (!enabled) {
        await trx
          .deleteFrom('project_custom_field')
          .where('project_id', '=', projectId)
          .where('field_id', '=', fieldId)
          .execute();
        return;
      }
      await trx
        .insertInto('project_custom_field')
        .values({ project_id: projectId, field_id: fieldId, on_card: onCard })
        .onConflict((conflict) =>
          conflict.columns(['project_id', 'field_id']).doUpdateSet({ on_card: onCard }),
        )
        .execute();
    },
    () => projectChanged('updated', organizationId, projectId, user.user_id),
  );
}
