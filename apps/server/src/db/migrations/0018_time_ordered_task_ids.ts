import { type Kysely, sql } from 'kysely';

/**
 * New tasks get time-ordered ids (docs/decisions/0015-board-shape.md): a UUIDv7 (RFC 9562) whose
 * 48-bit time is the creating transaction's now() in milliseconds, the task's created_at, and whose
 * rand_a is 0, so 62 random bits (rand_b) tell tasks of one millisecond apart. The board shape then
 * sends 8 bytes of such an id instead of 16 (@figgle/shared/board-ids). Tasks made before keep
 * their ids; ids stay uuids, so nothing that reads or takes one changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION figgle_task_id() RETURNS uuid LANGUAGE sql VOLATILE PARALLEL SAFE AS $$
      SELECT encode(
        overlay(uuid_send(gen_random_uuid())
          PLACING substring(int8send(floor(extract(epoch FROM now()) * 1000)::bigint) FROM 3) || '\\x7000'::bytea
          FROM 1 FOR 8),
        'hex')::uuid
    $$
  `.execute(db);
  await sql`ALTER TABLE task ALTER COLUMN task_id SET DEFAULT figgle_task_id()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE task ALTER COLUMN task_id SET DEFAULT gen_random_uuid()`.execute(db);
  await sql`DROP FUNCTION figgle_task_id()`.execute(db);
}
