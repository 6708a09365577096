import { type Kysely, sql } from 'kysely';
import type { AppUser, Database } from '../../db/schema.ts';

export interface AccountFacts {
  hasPassword: boolean;
  twoFactorEnabled: boolean;
}

/** What better-auth knows about the identity behind a profile: a password, a second factor. */
export async function accountFactsOf(db: Kysely<Database>, authUserId: string): Promise<AccountFacts> {
  const { rows } = await sql<{ has_password: boolean; two_factor_enabled: boolean | null }>`
    SELECT
      EXISTS (
        SELECT 1 FROM auth_account
        WHERE "userId" = ${authUserId} AND "providerId" = 'credential' AND password IS NOT NULL
      ) AS has_password,
      (SELECT "twoFactorEnabled" FROM auth_user WHERE id = ${authUserId}) AS two_factor_enabled
  `.execute(db);
  const facts = rows[0];
  return { hasPassword: !!facts?.has_password, twoFactorEnabled: !!facts?.two_factor_enabled };
}

/**
 * The onboarding flag, settled: a user who already owns an organization (made in onboarding on another
 * device, say) has nothing left to set up, so the stored flag is cleared on the way.
 */
export async function settledOnboardingFlag(db: Kysely<Database>, user: AppUser): Promise<boolean> {
  if (!user.needs_onboarding) return false;
  const owned = await db
    .selectFrom('rule')
    .select('rule_id')
    .where('user_id', '=', user.user_id)
    .where('role', '=', 'OWNER')
    .executeTakeFirst();
  if (!owned) return true;
  await db
    .updateTable('app_user')
    .set({ needs_onboarding: false, updated_at: sql`now()` })
    .where('user_id', '=', user.user_id)
    .execute();
  return false;
}
