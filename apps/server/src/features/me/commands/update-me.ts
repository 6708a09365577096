import type { UpdateMeInput } from '@figgle/shared/me-schemas';
import { sql } from 'kysely';
import type { AppDeps } from '../../../app-types.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import type { AppUser } from '../../../db/schema.ts';

/**
 * Changes the user's own names, colour scheme or language. A new name shows in every organization's member
 * list, so each of the user's organizations hears about it after the commit.
 */
export async function updateMe(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: AppUser,
  input: UpdateMeInput,
): Promise<AppUser> {
  const renamed = input.firstname !== undefined || input.lastname !== undefined;
  const write = () =>
    db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('app_user')
        .set({
          ...(input.firstname !== undefined ? { firstname: input.firstname } : {}),
          ...(input.lastname !== undefined ? { lastname: input.lastname } : {}),
          ...(input.color_scheme !== undefined ? { color_scheme: input.color_scheme } : {}),
          ...(input.locale !== undefined ? { locale: input.locale } : {}),
          updated_at: sql`now()`,
        })
        .where('user_id', '=', user.user_id)
        .returningAll()
        .executeTakeFirstOrThrow();
      if (!renamed) return { updated, organizationIds: [] };
      // better-auth's display name follows, so emails and provider screens greet the same person.
      await sql`UPDATE auth_user SET name = ${`${updated.firstname} ${updated.lastname}`.trim()}, "updatedAt" = now()
        WHERE id = ${updated.auth_user_id}`.execute(trx);
      const rules = await trx
        .selectFrom('rule')
        .select('organization_id')
        .where('user_id', '=', user.user_id)
        .execute();
      return { updated, organizationIds: rules.map((rule) => rule.organization_id) };
    });
  const { updated } = await publishAfterCommit(bus, write, ({ organizationIds }) =>
    organizationIds.map((organizationId) => ({
      event: {
        kind: 'membership',
        action: 'updated',
        id: user.user_id,
        organizationId,
        actorId: user.user_id,
      },
    })),
  );
  return updated;
}
