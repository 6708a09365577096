import type { MilestoneView } from '@figgle/shared/milestone-schemas';
import { formatDueLong } from '../../../ui/planning/due-date';

/** The badge of a milestone's state: its words and colour. */
export const MILESTONE_STATE_BADGES: Record<MilestoneView['state'], { label: string; color: string }> = {
  empty: { label: 'No tasks yet', color: 'gray' },
  complete: { label: 'Complete', color: 'teal' },
  on_track: { label: 'On track', color: 'green' },
  at_risk: { label: 'At risk', color: 'red' },
  no_pace: { label: 'No forecast', color: 'yellow' },
};

/** A day (YYYY-MM-DD) in full, as due dates are written: "March 1, 2027". */
export function shownDay(day: string): string {
  return formatDueLong({ due_on: day, due_at: null }) ?? day;
}
