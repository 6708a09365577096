import type { UpdateLabelInput } from '@figgle/shared/planning-schemas';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import type { LabelColor } from '../../../db/schema.ts';
import { notFound } from '../../../http/errors.ts';
import { authorize } from '../../../policies/authorize.ts';
import { organizationOfLabel } from '../../../policies/labels.ts';
import { nameTaken } from '../queries.ts';
import { announceLabel } from './announce-label.ts';
import { duplicateLabelName, isDuplicateName } from './label-names.ts';

/**
 * Renames or recolours a label (owners and members): every task carrying it shows the change. 409
 * when another label of the organization has the name, whatever its case; renaming a label to
 * another case of its own name is allowed. The same values again change nothing and announce nothing.
 */
export async function updateLabel(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { labelId, changes }: { labelId: string; changes: UpdateLabelInput },
): Promise<void> {
  const organizationId = await organizationOfLabel(db, labelId);
  await authorize(db, user, 'label.manage', organizationId, 'Label');
  if (changes.name !== undefined && (await nameTaken(db, organizationId, changes.name, labelId))) {
    throw duplicateLabelName(changes.name);
  }
  await publishAfterCommit(
    bus,
    async () => {
      const current = await db
        .selectFrom('label')
        .select(['name', 'color'])
        .where('label_id', '=', labelId)
        .executeTakeFirst();
      if (!current) throw notFound('Label');
      const name = changes.name ?? current.name;
      const color = (changes.color as LabelColor | undefined) ?? current.color;
      if (name === current.name && color === current.color) return false;
      try {
        const updated = await db
          .updateTable('label')
          .set({ name, color })
          .where('label_id', '=', labelId)
          .returning('label_id')
          .executeTakeFirst();
        if (!updated) throw notFound('Label');
      } catch (error) {
        if (isDuplicateName(error)) throw duplicateLabelName(name);
        throw error;
      }
      return true;
    },
    (changed) => (changed ? announceLabel('updated', labelId, organizationId, user.user_id) : null),
  );
}
