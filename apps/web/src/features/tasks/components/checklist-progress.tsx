import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import { IconListCheck } from '@tabler/icons-react';
import { t } from '../../../lib/i18n/i18n';
import { ProgressMark } from './progress-mark';

/** A task's checklist progress ("3/5") on its list row and board card; nothing without a checklist. */
export function ChecklistProgress({ checklist }: { checklist: TaskSummaryView['checklist'] }) {
  if (checklist.total === 0) return null;
  return (
    <ProgressMark
      icon={<IconListCheck size={14} stroke={1.8} aria-hidden />}
      done={checklist.done}
      total={checklist.total}
      words={t('tasks.checklistProgress', { done: checklist.done, total: checklist.total })}
    />
  );
}
