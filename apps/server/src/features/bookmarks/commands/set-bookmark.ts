import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { authorizeInProject } from '../../../policies/authorize.ts';

/**
 * Favorites are per user: a bookmark row per user and project. Setting the same state twice is
 * harmless. Nobody else sees a bookmark, so it goes on no bus.
 */
export async function setBookmark(
  { db }: Pick<AppDeps, 'db'>,
  user: CurrentUser,
  { projectId, bookmarked }: { projectId: string; bookmarked: boolean },
): Promise<void> {
  await authorizeInProject(db, user, 'project.read', projectId);
  if (bookmarked) {
    await db
      .insertInto('bookmark')
      .values({ user_id: user.user_id, project_id: projectId })
      .onConflict((oc) => oc.columns(['user_id', 'project_id']).doNothing())
      .execute();
  } else {
    await db
      .deleteFrom('bookmark')
      .where('user_id', '=', user.user_id)
      .where('project_id', '=', projectId)
      .execute();
  }
}
