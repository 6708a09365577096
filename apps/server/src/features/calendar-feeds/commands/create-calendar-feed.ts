import type { CreateCalendarFeedInput } from '@figgle/shared/calendar-feed-schemas';
import { sql } from 'kysely';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { authorizeInProject } from '../../../policies/authorize.ts';
import { newFeedToken } from '../feed-secret.ts';
import type { CalendarFeedRow } from '../queries.ts';

/**
 * A new feed of the signed-in person, returned with its token, which only its hash outlives. It
 * replaces the person's feed of the same kind (personal, or the same project): the old address
 * answers 404 from then on. A project feed needs the right to read the project.
 */
export async function createCalendarFeed(
  { db }: Pick<AppDeps, 'db'>,
  user: CurrentUser,
  input: CreateCalendarFeedInput,
): Promise<{ row: CalendarFeedRow; token: string }> {
  const projectId = input.project_id ?? null;
  let projectName: string | null = null;
  if (projectId) {
    await authorizeInProject(db, user, 'project.read', projectId);
    const project = await db
      .selectFrom('project')
      .select('name')
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    projectName = project.name;
  }
  const fresh = newFeedToken();
  const row = await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('calendar_feed')
      .set({ revoked_at: sql<Date>`now()` })
      .where('user_id', '=', user.user_id)
      .where('revoked_at', 'is', null)
      .where((eb) => (projectId ? eb('project_id', '=', projectId) : eb('project_id', 'is', null)))
      .execute();
    return trx
      .insertInto('calendar_feed')
      .values({ user_id: user.user_id, project_id: projectId, secret_hash: fresh.secretHash })
      .returning(['calendar_feed_id', 'project_id', 'created_at'])
      .executeTakeFirstOrThrow();
  });
  return { row: { ...row, project_name: projectName }, token: fresh.token };
}
