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
