import type { Kysely } from 'kysely';
import type { AppUser, Database } from '../db/schema.ts';

interface AuthIdentity {
  id: string;
  email: string;
  name?: string | null;
  firstname?: unknown;
  lastname?: unknown;
}

/** Registration sends names apart; Google and OIDC give one display name. */
function namesOf(identity: AuthIdentity): { firstname: string; lastname: string } {
  const firstname = typeof identity.firstname === 'string' ? identity.firstname.trim() : '';
  const lastname = typeof identity.lastname === 'string' ? identity.lastname.trim() : '';
  if (firstname || lastname) return { firstname: firstname.slice(0, 100), lastname: lastname.slice(0, 100) };
  const [first = '', ...rest] = (identity.name ?? '').trim().split(/\s+/);
  return { firstname: first.slice(0, 100), lastname: rest.join(' ').slice(0, 100) };
}

/** The profile row of an auth identity, created on first sight (idempotent). */
export async function ensureProfile(db: Kysely<Database>, identity: AuthIdentity): Promise<AppUser> {
  const existing = await db
    .selectFrom('app_user')
    .selectAll()
    .where('auth_user_id', '=', identity.id)
    .executeTakeFirst();
  if (existing) return existing;
  await db
    .insertInto('app_user')
    .values({ auth_user_id: identity.id, email: identity.email.toLowerCase(), ...namesOf(identity) })
    .onConflict((oc) => oc.column('auth_user_id').doNothing())
    .execute();
  return db
    .selectFrom('app_user')
    .selectAll()
    .where('auth_user_id', '=', identity.id)
    .executeTakeFirstOrThrow();
}
