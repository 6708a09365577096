import type { CreateLabelInput } from '@figgle/shared/planning-schemas';
import { sql } from 'kysely';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import type { LabelColor } from '../../../db/schema.ts';
import { authorize } from '../../../policies/authorize.ts';
import type { LabelRow } from '../queries.ts';
import { announceLabel } from './announce-label.ts';
import { duplicateLabelName } from './label-names.ts';

/** A new label of the organization (owners and members); 409 when the name is taken, whatever its case. */
export async function createLabel(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { organizationId, label }: { organizationId: string; label: CreateLabelInput },
): Promise<LabelRow> {
  await authorize(db, user, 'label.manage', organizationId);
  return publishAfterCommit(
    bus,
    async () => {
      // The unique index decides, in the same statement: two people adding "Bug" at once get one label.
      const { rows } = await sql<LabelRow>`
        INSERT INTO label (organization_id, name, color)
        VALUES (${organizationId}, ${label.name}, ${label.color as LabelColor})
        ON CONFLICT (organization_id, lower(name)) DO NOTHING
        RETURNING label_id, name, color, 0 AS task_count
      `.execute(db);
      const created = rows[0];
      if (!created) throw duplicateLabelName(label.name);
      return created;
    },
    (created) => announceLabel('created', created.label_id, organizationId, user.user_id),
  );
}
