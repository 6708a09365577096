import type { MilestoneView } from './milestone-schemas.ts';

/** The recent pace is counted over this many days. */
export const PACE_WINDOW_DAYS = 28;

export interface MilestoneCounts {
  total: number;
  done: number;
  /** Tasks of the milestone that became Done in the last PACE_WINDOW_DAYS days. */
  doneRecently: number;
}

type Forecast = Pick<
  MilestoneView,
  'forecast_date' | 'state' | 'forecast_words' | 'done_recently' | 'forecast_days'
>;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const moved = new Date(Date.UTC(2000, 0, 1));
  moved.setUTCFullYear(year, month - 1, date + days);
  return moved.toISOString().slice(0, 10);
}

/**
 * When a milestone's open tasks should be done if the team keeps the pace of the last four weeks:
 * open tasks ÷ (tasks finished in those 28 days ÷ 28), counted from today and rounded up to a whole
 * day. At risk when that day is after the target, or when nothing was finished lately and the target
 * has passed. `today` and `target` are YYYY-MM-DD.
 */
export function forecastMilestone(counts: MilestoneCounts, today: string, target: string): Forecast {
  const open = counts.total - counts.done;
  const pace = { done_recently: counts.doneRecently, forecast_days: null };
  if (counts.total === 0) {
    return {
      ...pace,
      forecast_date: null,
      state: 'empty',
      forecast_words: 'No task is in this milestone yet.',
    };
  }
  if (open <= 0) {
    return {
      ...pace,
      forecast_date: null,
      state: 'complete',
      forecast_words: 'Every task of this milestone is done.',
    };
  }
  if (counts.doneRecently === 0) {
    return {
      ...pace,
      forecast_date: null,
      state: target < today ? 'at_risk' : 'no_pace',
      forecast_words: `No forecast: none of its tasks was finished in the last 4 weeks, and ${plural(open, 'task')} ${open === 1 ? 'is' : 'are'} open.`,
    };
  }
  const days = Math.ceil((open * PACE_WINDOW_DAYS) / counts.doneRecently);
  const forecast = addDays(today, days);
  return {
    done_recently: counts.doneRecently,
    forecast_days: days,
    forecast_date: forecast,
    state: forecast > target ? 'at_risk' : 'on_track',
    forecast_words: `At the pace of the last 4 weeks (${plural(counts.doneRecently, 'task')} finished), the ${plural(open, 'open task')} ${open === 1 ? 'takes' : 'take'} about ${plural(days, 'day')}.`,
  };
}
