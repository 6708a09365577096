import { type Kysely, sql } from 'kysely';

/**
 * Personal API tokens (docs/product.md#api-tokens): a script acts as its owner, limited by the
 * token's scope. Only a SHA-256 hash of the token is kept, never the token; the short prefix is
 * not secret: it finds the row and lets a person recognise the token in the list. A revoked
 * token keeps its row (revoked_at), so the list of what existed stays explainable.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE api_token (
      api_token_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES app_user ON DELETE CASCADE,
      name text NOT NULL CHECK (char_length(btrim(name)) BETWEEN 1 AND 60),
      scope text NOT NULL CHECK (scope IN ('read', 'read-write')),
      prefix text NOT NULL UNIQUE CHECK (prefix ~ '^[a-z0-9]{10}$'),
      secret_hash text NOT NULL CHECK (secret_hash ~ '^[0-9a-f]{64}$'),
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      revoked_at timestamptz
    );
    CREATE INDEX api_token_user_idx ON api_token (user_id, created_at) WHERE revoked_at IS NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE api_token;`.execute(db);
}
