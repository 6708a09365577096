import type { TimelineTask } from '@figgle/shared/timeline-view-schemas';
import { Button, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { t } from '../../../lib/i18n/i18n';
import classes from './timeline.module.css';
import { UNDATED_DRAG_TYPE } from './timeline-chart';

/** Listed before "Show all": a long backlog stays quick to draw. */
const SHOWN = 50;

/**
 * The project's tasks without a start or due date. Each can be dragged onto a day of the axis, or,
 * from the keyboard, planned from today with its button; either gives it both dates.
 */
export function UndatedList({
  tasks,
  trigram,
  onPlanToday,
}: {
  tasks: TimelineTask[];
  trigram: string;
  onPlanToday: (task: TimelineTask) => void;
}) {
  const headingId = useId();
  const [all, setAll] = useState(false);
  const shown = all ? tasks : tasks.slice(0, SHOWN);
  return (
    <aside className={classes.side} aria-labelledby={headingId}>
      <Title id={headingId} order={2} fz="sm" fw={650} mb={4}>
        {t('timeline.noDates')}
      </Title>
      {tasks.length === 0 ? (
        <Text size="xs" c="dimmed">
          {t('timeline.everyTaskPlanned')}
        </Text>
      ) : (
        <>
          <Text size="xs" c="dimmed" mb={6}>
            {t('timeline.undatedHint')}
          </Text>
          <ul className={classes.undated} aria-label={t('timeline.undatedListLabel')}>
            {shown.map((task) => (
              <li
                key={task.task_id}
                className={classes.undatedItem}
                draggable
                onDragStart={(event) => {
                  event.dataTransfer.setData(UNDATED_DRAG_TYPE, task.task_id);
                  event.dataTransfer.effectAllowed = 'move';
                }}
              >
                <span>
                  <Text span size="xs" c="dimmed">
                    {trigram}-{task.reference}
                  </Text>{' '}
                  {task.title}
                </span>
                <Button
                  variant="subtle"
                  size="compact-xs"
                  aria-label={t('timeline.planFromToday', { title: task.title })}
                  onClick={() => onPlanToday(task)}
                >
                  {t('timeline.today')}
                </Button>
              </li>
            ))}
          </ul>
          {tasks.length > shown.length ? (
            <Button variant="subtle" size="compact-xs" mt={6} onClick={() => setAll(true)}>
              {t('timeline.showAll', { count: tasks.length })}
            </Button>
          ) : null}
        </>
      )}
    </aside>
  );
}
