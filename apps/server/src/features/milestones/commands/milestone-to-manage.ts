import type { Kysely } from 'kysely';
import type { AppUser, Database } from '../../../db/schema.ts';
import { authorizeFound } from '../../../policies/authorize.ts';
import { placeOfMilestone } from '../queries.ts';

/** Where a milestone is, once the user may manage it there: 404 when it is gone, or not theirs to see. */
export async function milestoneToManage(db: Kysely<Database>, user: AppUser, milestoneId: string) {
  return authorizeFound(db, user, 'milestone.manage', await placeOfMilestone(db, milestoneId), 'Milestone');
}
