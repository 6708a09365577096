import { IconCalendarDue } from '@tabler/icons-react';
import { t } from '../../lib/i18n/i18n';
import { type DueFields, formatDueLong, formatDueShort, markedDueState } from './due-date';
import classes from './planning.module.css';

/**
 * The due date in a few words ('Tomorrow', 'Mar 5 2:30 PM') with an "Overdue" or "Due soon" flag
 * beside it (or below it where the room is narrow); nothing without a due date. Read at render time: rows and cards redraw often enough for a day's
 * turn to show.
 */
export function DueMark({
  due,
  finished = false,
  stacked = false,
}: {
  due: DueFields;
  /** Done or archived: the date shows without a mark. */
  finished?: boolean;
  stacked?: boolean;
}) {
  const now = new Date();
  const short = formatDueShort(due, now);
  if (short === null) return null;
  const state = markedDueState(due, finished, now);
  const flag = state === 'overdue' ? t('ui.overdue') : state === 'soon' ? t('ui.dueSoon') : null;
  return (
    <span
      className={classes.due}
      data-state={state ?? undefined}
      data-stacked={stacked || undefined}
      title={t('ui.dueOn', { date: formatDueLong(due) })}
    >
      <span className={classes.dueDay}>
        <IconCalendarDue size={14} stroke={1.8} aria-hidden />
        <span className={classes.srOnly}>{t('ui.dueWord')} </span>
        <span>{short}</span>
      </span>
      {flag ? <span className={classes.dueFlag}>{flag}</span> : null}
    </span>
  );
}
