import { type Kysely, sql } from 'kysely';

/**
 * figma_render_spent: the image renders each organization asked of Figma in the last minute
 * (features/figma-design-changes/render-rate.ts). Figma's Tier 1 budget is per token, not per server:
 * kept in the database, it holds when several servers share one PostgreSQL. A row older than the
 * window is deleted by the next take.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE figma_render_spent (
      organization_id uuid NOT NULL REFERENCES organization ON DELETE CASCADE,
      figma_base_url text NOT NULL CHECK (char_length(figma_base_url) <= 500),
      spent_at timestamptz NOT NULL
    );
    CREATE INDEX figma_render_spent_idx ON figma_render_spent (organization_id, figma_base_url, spent_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE figma_render_spent`.execute(db);
}
