import type { MilestoneView } from '@figgle/shared/milestone-schemas';
import { t } from '../../../lib/i18n/i18n';
import { formatDueLong } from '../../../ui/planning/due-date';

/** The badge of a milestone's state: its words and colour. */
export function milestoneStateBadge(state: MilestoneView['state']): { label: string; color: string } {
  switch (state) {
    case 'empty':
      return { label: t('milestones.stateEmpty'), color: 'gray' };
    case 'complete':
      return { label: t('milestones.stateComplete'), color: 'teal' };
    case 'on_track':
      return { label: t('milestones.stateOnTrack'), color: 'green' };
    case 'at_risk':
      return { label: t('milestones.stateAtRisk'), color: 'red' };
    case 'no_pace':
      return { label: t('milestones.stateNoPace'), color: 'yellow' };
  }
}

/** A day (YYYY-MM-DD) in full, as due dates are written: "March 1, 2027". */
export function shownDay(day: string): string {
  return formatDueLong({ due_on: day, due_at: null }) ?? day;
}

/** How the forecast was made, in the reader's language, from the milestone's counts and pace. */
export function forecastWords(milestone: MilestoneView): string {
  const open = milestone.tasks.total - milestone.tasks.done;
  if (milestone.tasks.total === 0) return t('wave2.forecastEmpty');
  if (open <= 0) return t('wave2.forecastComplete');
  if (milestone.done_recently === 0 || milestone.forecast_days === null)
    return t('wave2.forecastNoPace', { open });
  return t('wave2.forecastPace', { done: milestone.done_recently, open, days: milestone.forecast_days });
}
