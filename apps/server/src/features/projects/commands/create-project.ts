import type { Kysely } from 'kysely';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { projectChanged } from '../../../commands/announcements.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import type { Database } from '../../../db/schema.ts';
import { authorize } from '../../../policies/authorize.ts';

export interface CreateProjectValues {
  name: string;
  trigram: string;
  organization_id: string;
  emoji: 'fox' | 'octopus' | 'alien' | 'seeding' | 'fish';
  description: string;
  is_bookmarked: boolean;
}

/**
 * Writes a project inside the caller's transaction (its four first statuses come from migration
 * 0037's trigger); when asked, it goes straight into the creator's favorites. Answers its id.
 */
export async function insertProject(
  trx: Kysely<Database>,
  user: CurrentUser,
  values: CreateProjectValues,
): Promise<string> {
  const project = await trx
    .insertInto('project')
    .values({
      organization_id: values.organization_id,
      name: values.name,
      trigram: values.trigram,
      emoji: values.emoji,
      description: values.description,
      default_view: 'LIST',
    })
    .returning('project_id')
    .executeTakeFirstOrThrow();
  if (values.is_bookmarked) {
    await trx
      .insertInto('bookmark')
      .values({ user_id: user.user_id, project_id: project.project_id })
      .execute();
  }
  return project.project_id;
}

/** A project opens as a list; when asked, it goes straight into the creator's favorites. */
export async function createProject(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  values: CreateProjectValues,
): Promise<string> {
  await authorize(db, user, 'project.create', values.organization_id);
  const write = () => db.transaction().execute((trx) => insertProject(trx, user, values));
  return publishAfterCommit(bus, write, (projectId) =>
    projectChanged('created', values.organization_id, projectId, user.user_id),
  );
}
