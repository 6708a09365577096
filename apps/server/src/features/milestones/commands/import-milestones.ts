import { MILESTONES_PER_PROJECT_MAX } from '@figgle/shared/milestone-schemas';
import type { Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';

/** A milestone of an imported file, by its key in the file. */
export interface MilestoneToImport {
  key: string;
  name: string;
  targetOn: string;
  description: string;
}

/**
 * Inside an import's transaction (docs/product.md#import): each milestone of the file is the
 * project's milestone of the same name (case aside), or a new one while the project has fewer than
 * MILESTONES_PER_PROJECT_MAX. Running it again finds what the first run made. Answers the project's
 * milestone id by file key; a milestone left out is not in the answer.
 */
export async function importMilestones(
  trx: Transaction<Database>,
  place: { projectId: string; authorId: string | null },
  milestones: readonly MilestoneToImport[],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  if (milestones.length === 0) return ids;
  const existing = await trx
    .selectFrom('milestone')
    .select(['milestone_id', 'name'])
    .where('project_id', '=', place.projectId)
    .orderBy('created_at')
    .orderBy('milestone_id')
    .execute();
  const byName = new Map<string, string>();
  for (const row of existing)
    if (!byName.has(row.name.toLowerCase())) byName.set(row.name.toLowerCase(), row.milestone_id);
  let count = existing.length;
  for (const milestone of milestones) {
    const found = byName.get(milestone.name.toLowerCase());
    if (found) {
      ids.set(milestone.key, found);
      continue;
    }
    if (count >= MILESTONES_PER_PROJECT_MAX) continue;
    const { milestone_id } = await trx
      .insertInto('milestone')
      .values({
        project_id: place.projectId,
        name: milestone.name,
        target_on: milestone.targetOn,
        description: milestone.description,
        created_by: place.authorId,
      })
      .returning('milestone_id')
      .executeTakeFirstOrThrow();
    count++;
    byName.set(milestone.name.toLowerCase(), milestone_id);
    ids.set(milestone.key, milestone_id);
  }
  return ids;
}
