import { dayOf } from '@figgle/shared/cycle-dates';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock/clock.ts';
import type { Database } from '../../db/schema.ts';
import { importCycles } from '../cycles/commands/import-cycles.ts';
import { importMilestones } from '../milestones/commands/import-milestones.ts';
import type { ImportPlanning } from './import-item.ts';

/** The project's milestone and cycle ids by the file's keys, for the batches to link the tasks. */
export interface PlanningIds {
  milestones: Map<string, string>;
  cycles: Map<string, string>;
}

/**
 * Before the first batch of a Figgle file, in one transaction: the file's milestones, cycle settings
 * and cycles are made in the project or found there (each step finds what an earlier run of the same
 * import made, so a restarted job links the same rows).
 */
export async function preparePlanning(
  { db, clock }: { db: Kysely<Database>; clock: Clock },
  place: { projectId: string; organizationId: string; authorId: string | null },
  planning: ImportPlanning | undefined,
): Promise<PlanningIds> {
  if (!planning) return { milestones: new Map(), cycles: new Map() };
  return db.transaction().execute(async (trx) => ({
    milestones: await importMilestones(trx, place, planning.milestones),
    cycles: await importCycles(
      trx,
      place,
      { settings: planning.cycleSettings, cycles: planning.cycles },
      dayOf(clock.now()),
    ),
  }));
}
