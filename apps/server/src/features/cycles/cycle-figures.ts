import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { taskFigures } from '../../db/task-figures.ts';

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
      taskFigures.all.as('scope'),
      taskFigures.finished.as('done'),
      taskFigures.points.as('scope_points'),
      taskFigures.finishedPoints.as('done_points'),
    ])
    .where('cycle_id', '=', cycleId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
}
