import { useDroppable } from '@dnd-kit/core';
import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import { Button, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { t } from '../../../../lib/i18n/i18n';
import classes from './calendar.module.css';
import { CalendarChip } from './calendar-chip';

export const NO_DATE_DROP_ID = 'no-date';

/** Tasks listed before "Show all": the rest wait for a click, so a long backlog stays quick. */
const SHOWN = 50;

/** The project's tasks without a due date: drag one onto a day to give it that date, or back here to clear it. */
export function NoDateList({ tasks }: { tasks: TaskSummaryView[] }) {
  const { setNodeRef, isOver } = useDroppable({ id: NO_DATE_DROP_ID });
  const headingId = useId();
  const [all, setAll] = useState(false);
  const shown = all ? tasks : tasks.slice(0, SHOWN);
  return (
    <aside
      ref={setNodeRef}
      className={classes.side}
      data-over={isOver || undefined}
      aria-labelledby={headingId}
    >
      <Title id={headingId} order={2} fz="sm" fw={650} mb={4}>
        {t('tasks.noDate')}
      </Title>
      {tasks.length === 0 ? (
        <Text size="xs" c="dimmed">
          {t('tasks.noDateEmpty')}
        </Text>
      ) : (
        <>
          <Text size="xs" c="dimmed" mb={6}>
            {t('tasks.noDateHint')}
          </Text>
          <ul className={classes.chips} aria-label={t('tasks.noDateListLabel')}>
            {shown.map((task) => (
              <CalendarChip key={task.task_id} task={task} />
            ))}
          </ul>
          {tasks.length > shown.length ? (
            <Button variant="subtle" size="compact-xs" mt={6} onClick={() => setAll(true)}>
              {t('tasks.showAll', { count: tasks.length })}
            </Button>
          ) : null}
        </>
      )}
    </aside>
  );
}
