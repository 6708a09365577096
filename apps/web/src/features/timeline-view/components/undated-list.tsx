import type { TimelineTask } from '@figgle/shared/timeline-view-schemas';
import { Button, Text } from '@mantine/core';
import { t } from '../../../lib/i18n/i18n';
import { SideTaskList } from '../../../ui/side-task-list';
import classes from './timeline.module.css';
import { UNDATED_DRAG_TYPE } from './timeline-chart';

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
  return (
    <SideTaskList
      tasks={tasks}
      title={t('timeline.noDates')}
      empty={t('timeline.everyTaskPlanned')}
      hint={t('timeline.undatedHint')}
      listLabel={t('timeline.undatedListLabel')}
      listClassName={classes.undated}
      showAll={(count) => t('timeline.showAll', { count })}
      className={classes.side}
    >
      {(task) => (
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
      )}
    </SideTaskList>
  );
}
