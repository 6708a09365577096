import type { Locale } from '@figgle/shared/constants';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The language the person with this address chose (Settings › Preferences), or null. */
export async function savedLocaleOf(db: Kysely<Database>, email: string): Promise<Locale | null> {
  const row = await db
    .selectFrom('app_user')
    .select('locale')
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return row?.locale ?? null;
}
