import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import { IconListCheck } from '@tabler/icons-react';
import { t } from '../../../lib/i18n/i18n';

/** A task's checklist progress ("3/5") on its list row and board card; nothing without a checklist. */
export function ChecklistProgress({ checklist }: { checklist: TaskSummaryView['checklist'] }) {
  if (checklist.total === 0) return null;
  const complete = checklist.done === checklist.total;
  const words = t('tasks.checklistProgress', { done: checklist.done, total: checklist.total });
  return (
    <span
      role="img"
      aria-label={words}
      title={words}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 3,
        flex: '0 0 auto',
        fontSize: 'var(--mantine-font-size-xs)',
        fontVariantNumeric: 'tabular-nums',
        color: complete ? 'var(--mantine-color-teal-text)' : 'var(--mantine-color-dimmed)',
      }}
    >
      <IconListCheck size={14} stroke={1.8} aria-hidden />
      {checklist.done}/{checklist.total}
    </span>
  );
}
