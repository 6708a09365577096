import { dayOf } from '@figgle/shared/cycle-dates';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock/clock.ts';
import type { Database } from '../../db/schema.ts';
import { importCustomFields } from '../custom-fields/commands/import-custom-fields.ts';
import { importCycles } from '../cycles/commands/import-cycles.ts';
import { cyclesOfProject } from '../cycles/queries.ts';
import { importMilestones } from '../milestones/commands/import-milestones.ts';
import { milestonesOfProject } from '../milestones/queries.ts';
import { importTaskTemplates } from '../task-templates/commands/import-task-templates.ts';
import type { ImportPlanning } from './import-item.ts';

/** The project's milestone and cycle ids by the file's keys, for the batches to link the tasks. */
export interface PlanningIds {
  milestones: Map<string, string>;
  cycles: Map<string, string>;
  /** CSV: the project's milestones by lower-case name and its cycles by number. */
  milestonesByName: Map<string, string>;
  cyclesByNumber: Map<number, string>;
  /** Figgle files: the organization's custom field ids by the file's keys. */
  customFields: Map<string, string>;
}

/**
 * Before the first batch. A Figgle file's milestones, cycle settings, cycles, custom fields and task
 * templates are made in the project or found there, in one transaction (each step finds what an
 * earlier run of the same import made, so a restarted job links the same rows). Then, for a CSV file's Milestone and Cycle columns,
 * the project's milestones by name and cycles by number.
 */
export async function preparePlanning(
  { db, clock }: { db: Kysely<Database>; clock: Clock },
  place: { projectId: string; organizationId: string; authorId: string | null },
  planning: ImportPlanning | undefined,
): Promise<PlanningIds> {
  const fromFile = planning
    ? await db.transaction().execute(async (trx) => {
        const made = {
          milestones: await importMilestones(trx, place, planning.milestones),
          cycles: await importCycles(
            trx,
            place,
            { settings: planning.cycleSettings, cycles: planning.cycles },
            dayOf(clock.now()),
          ),
          customFields: await importCustomFields(trx, place, planning.customFields ?? []),
        };
        await importTaskTemplates(trx, place, planning.templates ?? [], made.customFields);
        return made;
      })
    : {
        milestones: new Map<string, string>(),
        cycles: new Map<string, string>(),
        customFields: new Map<string, string>(),
      };
  // The earliest of two milestones of one name (case aside) wins, as a Figgle file's does.
  const milestonesByName = new Map<string, string>();
  const milestones = await milestonesOfProject(db, place.projectId, clock.now());
  const byCreation = (a: (typeof milestones)[number], b: (typeof milestones)[number]) =>
    new Date(a.created_at).getTime() - new Date(b.created_at).getTime() ||
    (a.milestone_id < b.milestone_id ? -1 : 1);
  for (const row of [...milestones].sort(byCreation))
    if (!milestonesByName.has(row.name.toLowerCase()))
      milestonesByName.set(row.name.toLowerCase(), row.milestone_id);
  const cyclesByNumber = new Map(
    (await cyclesOfProject(db, place.projectId)).map((row) => [row.number, row.cycle_id] as const),
  );
  return { ...fromFile, milestonesByName, cyclesByNumber };
}
