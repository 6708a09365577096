import { useDroppable } from '@dnd-kit/core';
import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import { t } from '../../../../lib/i18n/i18n';
import { SideTaskList } from '../../../../ui/side-task-list';
import classes from './calendar.module.css';
import { CalendarChip } from './calendar-chip';

export const NO_DATE_DROP_ID = 'no-date';

/** The project's tasks without a due date: drag one onto a day to give it that date, or back here to clear it. */
export function NoDateList({ tasks }: { tasks: TaskSummaryView[] }) {
  const { setNodeRef, isOver } = useDroppable({ id: NO_DATE_DROP_ID });
  return (
    <SideTaskList
      tasks={tasks}
      title={t('tasks.noDate')}
      empty={t('tasks.noDateEmpty')}
      hint={t('tasks.noDateHint')}
      listLabel={t('tasks.noDateListLabel')}
      listClassName={classes.chips}
      showAll={(count) => t('tasks.showAll', { count })}
      className={classes.side}
      panelRef={setNodeRef}
      over={isOver}
    >
      {(task) => <CalendarChip key={task.task_id} task={task} />}
    </SideTaskList>
  );
}
