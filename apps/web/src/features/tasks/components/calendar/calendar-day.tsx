import { useDroppable } from '@dnd-kit/core';
import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import { VisuallyHidden } from '@mantine/core';
import { memo, useState } from 'react';
import { t } from '../../../../lib/i18n/i18n';
import classes from './calendar.module.css';
import { CalendarChip } from './calendar-chip';
import { dayTitle } from './month-grid';

/** Tasks a day shows before "+n more": a busy day stays one row high until asked. */
const SHOWN_PER_DAY = 3;

const dayDropId = (day: string) => `day:${day}`;

interface CalendarDayProps {
  day: string;
  tasks: TaskSummaryView[] | undefined;
  outside: boolean;
  today: boolean;
}

/** One day of the month: a drop target, its tasks, and the rest behind "+n more". */
export const CalendarDay = memo(function CalendarDay({ day, tasks = [], outside, today }: CalendarDayProps) {
  const { setNodeRef, isOver } = useDroppable({ id: dayDropId(day) });
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? tasks : tasks.slice(0, SHOWN_PER_DAY);
  const hidden = tasks.length - shown.length;
  const title = dayTitle(day);
  return (
    <td
      ref={setNodeRef}
      className={classes.day}
      data-outside={outside || undefined}
      data-today={today || undefined}
      data-over={isOver || undefined}
      data-day={day}
    >
      <span className={classes.dayNumber} aria-hidden>
        {Number(day.slice(8))}
      </span>
      <VisuallyHidden>{t('tasks.dayWords', { title, today, count: tasks.length })}</VisuallyHidden>
      {shown.length > 0 ? (
        <ul className={classes.chips} aria-label={t('tasks.dayTasksLabel', { title })}>
          {shown.map((task) => (
            <CalendarChip key={task.task_id} task={task} />
          ))}
        </ul>
      ) : null}
      {hidden > 0 || expanded ? (
        <button
          type="button"
          className={classes.more}
          aria-expanded={expanded}
          aria-label={
            expanded
              ? t('tasks.dayShowFewerLabel', { title })
              : t('tasks.dayShowMoreLabel', { count: hidden, title })
          }
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? t('tasks.dayShowFewer') : t('tasks.dayShowMore', { count: hidden })}
        </button>
      ) : null}
    </td>
  );
});
