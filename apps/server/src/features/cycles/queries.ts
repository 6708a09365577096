import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { taskFigures } from '../../db/task-figures.ts';

export interface CycleRow {
  cycle_id: string;
  project_id: string;
  number: number;
  name: string | null;
  starts_on: string;
  ends_on: string;
  closed_at: Date | null;
  estimate_scale: 'none' | 'points' | 'tshirt';
  /** The final figures once closed, else the live ones. */
  scope: number;
  done: number;
  scope_points: number;
  done_points: number;
}

/** Cycles with their figures: the final ones of a closed cycle, counted live for the others. */
function cyclesWithFigures(db: Kysely<Database>) {
  return db
    .selectFrom('cycle')
    .innerJoin('project', 'project.project_id', 'cycle.project_id')
    .leftJoin('task', (join) =>
      join.onRef('task.cycle_id', '=', 'cycle.cycle_id').on('task.deleted_at', 'is', null),
    )
    .select([
      'cycle.cycle_id',
      'cycle.project_id',
      'cycle.number',
      'cycle.name',
      sql<string>`to_char(cycle.starts_on, 'YYYY-MM-DD')`.as('starts_on'),
      sql<string>`to_char(cycle.ends_on, 'YYYY-MM-DD')`.as('ends_on'),
      'cycle.closed_at',
      'project.estimate_scale',
      sql<number>`coalesce(cycle.final_scope, ${taskFigures.all})::int`.as('scope'),
      sql<number>`coalesce(cycle.final_done, ${taskFigures.finished})::int`.as('done'),
      sql<number>`coalesce(cycle.final_scope_points, ${taskFigures.points})::int`.as('scope_points'),
      sql<number>`coalesce(cycle.final_done_points, ${taskFigures.finishedPoints})::int`.as('done_points'),
    ])
    .where('project.deleted_at', 'is', null)
    .groupBy(['cycle.cycle_id', 'project.project_id']);
}

export function cyclesOfProject(db: Kysely<Database>, projectId: string): Promise<CycleRow[]> {
  return cyclesWithFigures(db)
    .where('cycle.project_id', '=', projectId)
    .orderBy('cycle.number', 'desc')
    .execute();
}

export function cycleById(db: Kysely<Database>, cycleId: string): Promise<CycleRow | undefined> {
  return cyclesWithFigures(db).where('cycle.cycle_id', '=', cycleId).executeTakeFirst();
}

export function cycleSettingsOf(db: Kysely<Database>, projectId: string) {
  return db
    .selectFrom('cycle_setting')
    .select(['enabled', 'weeks', 'week_start'])
    .where('project_id', '=', projectId)
    .executeTakeFirst();
}

export interface CycleHistoryRow {
  task_id: string;
  type: 'CYCLE' | 'STATUS';
  metadata: Record<string, unknown>;
  created_at: Date;
}

/**
 * What the burn-up is drawn from: for each live task that is or was in the cycle, its CYCLE log lines
 * (joining and leaving) and STATUS log lines, oldest first, with its status and estimate now; and the
 * keys of the project's finished statuses.
 */
export async function cycleHistory(db: Kysely<Database>, cycleId: string) {
  const tasks = await db
    .selectFrom('task')
    .select(['task_id', 'status', 'estimate', 'cycle_id', 'created_at'])
    .where('deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('cycle_id', '=', cycleId),
        eb.exists(
          eb
            .selectFrom('log')
            .select('log.log_id')
            .whereRef('log.task_id', '=', 'task.task_id')
            .where('log.type', '=', 'CYCLE')
            .where(sql<boolean>`(log.metadata #>> '{cycle,old,cycle_id}' = ${cycleId}
              OR log.metadata #>> '{cycle,new,cycle_id}' = ${cycleId})`),
        ),
      ]),
    )
    .execute();
  const ids = tasks.map((task) => task.task_id);
  const lines: CycleHistoryRow[] =
    ids.length === 0
      ? []
      : await db
          .selectFrom('log')
          .select(['task_id', sql<'CYCLE' | 'STATUS'>`type`.as('type'), 'metadata', 'created_at'])
          .where('task_id', 'in', ids)
          .where('type', 'in', ['CYCLE', 'STATUS'])
          .orderBy('created_at')
          .orderBy('log_id')
          .execute();
  // The keys of the project's statuses of the Done and Canceled categories (migration 0037).
  const finished = await db
    .selectFrom('cycle')
    .innerJoin('project_status', 'project_status.project_id', 'cycle.project_id')
    .select('project_status.key')
    .where('cycle.cycle_id', '=', cycleId)
    .where('project_status.category', 'in', ['done', 'canceled'])
    .execute();
  return { tasks, lines, finishedKeys: new Set(finished.map((row) => row.key)) };
}
