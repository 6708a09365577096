import { twoFactor } from 'better-auth/plugins/two-factor';
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** How long a pending second-factor challenge (the two_factor cookie) stays valid. */
export const TWO_FACTOR_CHALLENGE_SECONDS = 10 * 60;

/**
 * The options that shape better-auth's tables. Shared by the running instance (auth/auth.ts) and
 * by migrations (db/migrate.ts), which run before any setting or mailer exists.
 */
export function authSchemaOptions(db: Kysely<Database>) {
  return {
    database: { db: db as Kysely<unknown>, type: 'postgres' as const, casing: 'snake' as const },
    user: {
      modelName: 'auth_user',
      additionalFields: {
        firstname: { type: 'string' as const, required: false, input: true },
        lastname: { type: 'string' as const, required: false, input: true },
      },
    },
    session: { modelName: 'auth_session' },
    account: { modelName: 'auth_account' },
    verification: { modelName: 'auth_verification' },
    // Plugins that add tables or columns must be here too, so migrations create them.
    plugins: [
      twoFactor({
        issuer: 'Figgle',
        // Accounts made through Google, OIDC or a magic link have no password to confirm with.
        allowPasswordless: true,
        twoFactorCookieMaxAge: TWO_FACTOR_CHALLENGE_SECONDS,
        schema: { twoFactor: { modelName: 'auth_two_factor' } },
      }),
    ],
  };
}
