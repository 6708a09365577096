import {
  formatRecurrence,
  parseRecurrence,
  type Recurrence,
  type WeekdayCode,
  weekdayOf,
} from '@figgle/shared/recurrence';
import type { SetRecurrenceInput } from '@figgle/shared/recurrence-schemas';
import { t } from '../../../lib/i18n/i18n';

export type RepeatChoice =
  | 'none'
  | 'daily'
  | 'weekly'
  | 'monthly_day'
  | 'monthly_nth'
  | 'yearly'
  | 'after_completion';

/** What the Repeat field offers (docs/product.md#recurring-tasks). */
export const repeatChoices = (): Array<{ value: RepeatChoice; label: string }> => [
  { value: 'none', label: t('recurring-tasks.doesNotRepeat') },
  { value: 'daily', label: t('recurring-tasks.daily') },
  { value: 'weekly', label: t('recurring-tasks.weekly') },
  { value: 'monthly_day', label: t('recurring-tasks.monthlyOnDay') },
  { value: 'monthly_nth', label: t('recurring-tasks.monthlyOnWeekday') },
  { value: 'yearly', label: t('recurring-tasks.yearly') },
  { value: 'after_completion', label: t('recurring-tasks.daysAfterCompletion') },
];

/** The unit the "Every" number counts, by choice, for `count` of them. */
export function intervalUnit(choice: Exclude<RepeatChoice, 'none'>, count: number): string {
  switch (choice) {
    case 'daily':
    case 'after_completion':
      return t('recurring-tasks.unitDays', { count });
    case 'weekly':
      return t('recurring-tasks.unitWeeks', { count });
    case 'monthly_day':
    case 'monthly_nth':
      return t('recurring-tasks.unitMonths', { count });
    case 'yearly':
      return t('recurring-tasks.unitYears', { count });
  }
}

/** Which choice a stored rule is. */
export function choiceOf(rrule: string, afterCompletion: boolean): RepeatChoice {
  const rule = parseRecurrence(rrule);
  if (afterCompletion) return 'after_completion';
  switch (rule.freq) {
    case 'DAILY':
      return 'daily';
    case 'WEEKLY':
      return 'weekly';
    case 'MONTHLY':
      return rule.byNthDay ? 'monthly_nth' : 'monthly_day';
    case 'YEARLY':
      return 'yearly';
  }
}

/**
 * The rule for a choice, on `day` (the task's due day, or today): weekly on its weekday, monthly on
 * its day or on its nth weekday (the last one from the 29th), yearly on its day and month.
 */
export function inputFor(
  choice: Exclude<RepeatChoice, 'none'>,
  day: string,
  interval = 1,
): SetRecurrenceInput {
  const date = Number(day.slice(8, 10));
  const base: Recurrence = {
    freq: 'DAILY',
    interval,
    byDay: [],
    byNthDay: null,
    byMonthDay: null,
    byMonth: null,
    count: null,
    until: null,
  };
  const rule: Recurrence = (() => {
    switch (choice) {
      case 'daily':
      case 'after_completion':
        return base;
      case 'weekly':
        return { ...base, freq: 'WEEKLY', byDay: [weekdayOf(day)] };
      case 'monthly_day':
        return { ...base, freq: 'MONTHLY', byMonthDay: date };
      case 'monthly_nth':
        return {
          ...base,
          freq: 'MONTHLY',
          byNthDay: { nth: date > 28 ? -1 : Math.ceil(date / 7), day: weekdayOf(day) },
        };
      case 'yearly':
        return { ...base, freq: 'YEARLY', byMonth: Number(day.slice(5, 7)), byMonthDay: date };
    }
  })();
  return { rrule: formatRecurrence(rule), after_completion: choice === 'after_completion' };
}

/** The stored rule with another interval, or other weekdays (none: left as they are). */
export function changed(
  rrule: string,
  afterCompletion: boolean,
  change: { interval?: number; byDay?: WeekdayCode[] },
): SetRecurrenceInput {
  const rule = parseRecurrence(rrule);
  return {
    rrule: formatRecurrence({
      ...rule,
      interval: change.interval ?? rule.interval,
      byDay: change.byDay ?? rule.byDay,
    }),
    after_completion: afterCompletion,
  };
}
