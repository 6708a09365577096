import type { Kysely } from 'kysely';
import type { CurrentUser } from '../../src/auth/current-user.ts';
import type { Database } from '../../src/db/schema.ts';

export interface BoardRows {
  owner: CurrentUser;
  member: CurrentUser;
  organizationId: string;
  projectId: string;
}

/**
 * An organization with an owner and a member and one project, written as rows (no server): for
 * tests that call the task queries and commands directly. Names carry what JSON must escape.
 */
export async function insertBoardRows(db: Kysely<Database>, label: string): Promise<BoardRows> {
  const users = await db
    .insertInto('app_user')
    .values([
      {
        auth_user_id: `${label}-owner`,
        email: `${label}-owner@example.test`,
        firstname: 'Ada',
        lastname: 'Lovelace',
      },
      {
        auth_user_id: `${label}-member`,
        email: `${label}-member@example.test`,
        firstname: 'Zoë "Q"',
        lastname: '',
      },
    ])
    .returningAll()
    .execute();
  const [owner, member] = users as [CurrentUser, CurrentUser];
  const { organization_id: organizationId } = await db
    .insertInto('organization')
    .values({ name: `Org ${label}` })
    .returning('organization_id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('rule')
    .values([
      { organization_id: organizationId, user_id: owner.user_id, role: 'OWNER' },
      { organization_id: organizationId, user_id: member.user_id, role: 'MEMBER' },
    ])
    .execute();
  const { project_id: projectId } = await db
    .insertInto('project')
    .values({
      organization_id: organizationId,
      name: `Ünïcode \\ "${label}"`,
      trigram: 'UNI',
      emoji: 'octopus',
    })
    .returning('project_id')
    .executeTakeFirstOrThrow();
  return { owner, member, organizationId, projectId };
}
