import { type Kysely, sql } from 'kysely';

/**
 * app_user.locale: the language a person chose in Settings › Preferences (issue 45), for the web app
 * on every device and for the emails Figgle sends them. NULL until they choose: the web app follows
 * the browser's language, and emails are in English.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE app_user ADD COLUMN locale text CHECK (locale IN ('en', 'de', 'fr', 'es'))
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE app_user DROP COLUMN locale`.execute(db);
}
