import { forecastMilestone } from '@figgle/shared/milestone-forecast';
import type { MilestoneAtRiskView, MilestoneView } from '@figgle/shared/milestone-schemas';
import type { MilestoneAtRiskRow, MilestoneRow } from './queries.ts';

/** The server's day (UTC) that forecasts count from. */
function dayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export function presentMilestone(row: MilestoneRow, now: Date): MilestoneView {
  const counts = { total: row.total, done: row.done, doneRecently: row.done_recently };
  return {
    milestone_id: row.milestone_id,
    project_id: row.project_id,
    name: row.name,
    description: row.description,
    target_date: row.target_date,
    tasks: { done: row.done, total: row.total },
    points: row.estimate_scale === 'points' ? { done: row.points_done, total: row.points_total } : null,
    ...forecastMilestone(counts, dayOf(now), row.target_date),
    created_at: row.created_at.toISOString(),
  };
}

export function presentMilestoneAtRisk(row: MilestoneAtRiskRow, now: Date): MilestoneAtRiskView {
  return {
    ...presentMilestone(row, now),
    project: {
      project_id: row.project_id,
      name: row.project_name,
      trigram: row.project_trigram,
      emoji: row.project_emoji,
    },
  };
}
