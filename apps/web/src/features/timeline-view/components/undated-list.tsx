import type { TimelineTask } from '@figgle/shared/timeline-view-schemas';
import { Button, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
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
        No dates
      </Title>
      {tasks.length === 0 ? (
        <Text size="xs" c="dimmed">
          Every task is on the timeline.
        </Text>
      ) : (
        <>
          <Text size="xs" c="dimmed" mb={6}>
            Drag a task onto a day to start it then; it is due four days later.
          </Text>
          <ul className={classes.undated} aria-label="Tasks without dates">
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
                  aria-label={`Plan ${task.title} from today`}
                  onClick={() => onPlanToday(task)}
                >
                  Today
                </Button>
              </li>
            ))}
          </ul>
          {tasks.length > shown.length ? (
            <Button variant="subtle" size="compact-xs" mt={6} onClick={() => setAll(true)}>
              Show all {tasks.length}
            </Button>
          ) : null}
        </>
      )}
    </aside>
  );
}
