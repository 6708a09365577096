import { type Kysely, sql } from 'kysely';

/**
 * Sign in with Figma for an organization's link (docs/figma-api.md#oauth-2-for-an-organization):
 * - figma_oauth_connection: one per organization, the access and refresh tokens encrypted with a key
 *   derived from SECRET (figma/token-crypto.ts), when the access token expires, and whether the last
 *   refresh was refused (broken_at), which stops Figma jobs until an owner reconnects.
 *   refresh_claimed_until lets one process refresh at a time while the others keep the still-valid
 *   token (refreshes happen before expiry).
 * - figma_oauth_state: the `state` of a started authorization, by its SHA-256 only, bound to the owner,
 *   their session and the organization; deleted when used, refused after expires_at.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE figma_oauth_connection (
      organization_id uuid PRIMARY KEY REFERENCES organization ON DELETE CASCADE,
      connected_by uuid REFERENCES app_user ON DELETE SET NULL,
      figma_user_id text NOT NULL,
      scopes text NOT NULL,
      access_token_encrypted text NOT NULL,
      refresh_token_encrypted text NOT NULL,
      access_expires_at timestamptz NOT NULL,
      refresh_claimed_until timestamptz,
      refreshed_at timestamptz,
      broken_at timestamptz,
      broken_reason text CHECK (char_length(broken_reason) <= 500),
      connected_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE figma_oauth_state (
      state_hash text PRIMARY KEY CHECK (state_hash ~ '^[0-9a-f]{64}$'),
      organization_id uuid NOT NULL REFERENCES organization ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES app_user ON DELETE CASCADE,
      session_hash text NOT NULL CHECK (session_hash ~ '^[0-9a-f]{64}$'),
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX figma_oauth_state_expiry_idx ON figma_oauth_state (expires_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE figma_oauth_state; DROP TABLE figma_oauth_connection;`.execute(db);
}
