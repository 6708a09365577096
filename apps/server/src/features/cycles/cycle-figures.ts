import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface CycleFigures {
  scope: number;
  done: number;
  scope_points: number;
  done_points: number;
}

/** A cycle's live tasks counted now (Done and Archive are finished, as for milestones): all and finished, by count and by points (numeric estimates). */
export async function liveCycleFigures(
  db: Transaction<Database> | Kysely<Database>,
  cycleId: string,
): Promise<CycleFigures> {
  return db
    .selectFrom('task')
    .select([
      sql<number>`count(*)::int`.as('scope'),
      sql<number>`(count(*) FILTER (WHERE status_category IN ('done', 'canceled')))::int`.as('done'),
      sql<number>`coalesce(sum(estimate::int) FILTER (WHERE estimate ~ '^[0-9]+$'), 0)::int`.as(
        'scope_points',
      ),
      sql<number>`coalesce(sum(estimate::int) FILTER (WHERE estimate ~ '^[0-9]+$'
        AND status_category IN ('done', 'canceled')), 0)::int`.as('done_points'),
    ])
    .where('cycle_id', '=', cycleId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
}
