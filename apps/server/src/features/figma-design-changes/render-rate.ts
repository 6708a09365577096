import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Figma's images endpoint (`GET /v1/images/:key`) is a Tier 1 endpoint: 10 requests a minute for a
 * Dev or Full seat on a Professional plan, 15 on Organization, 20 on Enterprise, and far less for
 * View or Collab seats (docs/figma-api.md#rates). Re-renders after a design change keep to the
 * smallest paid budget, per organization (one Figma connection each), so the people who open tasks
 * (their renders use the same budget) are not the ones rate limited. The budget is counted in the
 * database (migration 0039), so several servers on one PostgreSQL share it.
 */
export const IMAGE_RENDERS_PER_MINUTE = 10;
const WINDOW_MS = 60_000;

/**
 * Takes one render from the organization's budget at `now`: 0 when it may go now, else how many
 * milliseconds until the oldest render of the last minute leaves the window (nothing is taken then).
 * One take at a time per organization (a transaction lock), so two servers never both take the last.
 */
export function takeRender(
  db: Kysely<Database>,
  baseUrl: string,
  organizationId: string,
  now: number,
  perMinute = IMAGE_RENDERS_PER_MINUTE,
): Promise<number> {
  const at = new Date(now);
  const windowStart = new Date(now - WINDOW_MS);
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`figma-render:${organizationId}`}, 0))`.execute(
      trx,
    );
    await trx
      .deleteFrom('figma_render_spent')
      .where('organization_id', '=', organizationId)
      .where('spent_at', '<=', windowStart)
      .execute();
    // A clock set back (a test's) does not leave renders "in the future" blocking the budget.
    const recent = await trx
      .selectFrom('figma_render_spent')
      .select('spent_at')
      .where('organization_id', '=', organizationId)
      .where('figma_base_url', '=', baseUrl)
      .where('spent_at', '>', windowStart)
      .where('spent_at', '<=', at)
      .orderBy('spent_at', 'asc')
      .execute();
    if (recent.length >= perMinute) return recent[0]!.spent_at.getTime() + WINDOW_MS - now;
    await trx
      .insertInto('figma_render_spent')
      .values({ organization_id: organizationId, figma_base_url: baseUrl, spent_at: at })
      .execute();
    return 0;
  });
}
