import { SUMMARY_TOP, type WeeklyFacts, type WeeklySummaryView } from '@figgle/shared/weekly-summary-schemas';
import { iso } from '../../http/iso-time.ts';
import type { ActiveProjectRow } from '../dashboard/queries.ts';
import type { MoverRow, WeekTotalsRow } from './queries.ts';

export interface WeeklyFactsRows {
  totals: WeekTotalsRow;
  overdue: number;
  activeProjects: ActiveProjectRow[];
  movers: MoverRow[];
}

/** Only names and figures: no ids, no emails, nothing the model or the page does not need. */
export function presentFacts(rows: WeeklyFactsRows): WeeklyFacts {
  return {
    since: iso(rows.totals.since),
    until: iso(rows.totals.until),
    created: rows.totals.created,
    completed: rows.totals.completed,
    overdue: rows.overdue,
    active_projects: rows.activeProjects.slice(0, SUMMARY_TOP).map((project) => ({
      name: project.name,
      trigram: project.trigram,
      changes: project.activity,
    })),
    movers: rows.movers.map((mover) => ({
      name: `${mover.firstname} ${mover.lastname}`.trim(),
      changes: mover.changes,
      moved: mover.moved,
      completed: mover.completed,
    })),
  };
}

export interface WrittenSummary {
  facts: WeeklyFacts;
  text: string;
  /** The model that wrote `text`; null: Figgle wrote it from the facts. */
  model: string | null;
  writtenAt: Date;
}

export function presentWeeklySummary(summary: WrittenSummary): WeeklySummaryView {
  return {
    source: summary.model === null ? 'facts' : 'model',
    model: summary.model,
    text: summary.text,
    written_at: summary.writtenAt.toISOString(),
    facts: summary.facts,
  };
}
