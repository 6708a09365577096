import type { TaskPriority } from '@figgle/shared/priority';
import { VisuallyHidden } from '@mantine/core';
import { t } from '../../../lib/i18n/i18n';
import { lazyReady } from '../../../lib/lazy-ready';
import { PriorityIcon } from '../../../ui/planning/priority-icon';
import { DeferredSelect } from './deferred-select';
import type { InlinePrioritySelectProps } from './inline-priority-select';
import { priorityLabel } from './labels';

// The real Select is a chunk of its own, fetched when the browser is idle or a picker is reached
// (see status-picker.tsx).
const InlinePrioritySelect = lazyReady<InlinePrioritySelectProps>(
  async () => (await import('./inline-priority-select')).InlinePrioritySelect,
);

export interface PriorityPickerProps {
  taskId: string;
  priority: TaskPriority;
  /** Names the picker for screen readers, e.g. 'Priority of Write the docs'. */
  label: string;
  width?: number | string;
  /** On cards, "None" shows as its icon alone. */
  compact?: boolean;
  /** In list rows: the icon alone, its name on hover. */
  iconOnly?: boolean;
}

/** Urgent to None, each with an icon whose shape says it; the pick is saved at once. */
export function PriorityPicker({
  taskId,
  priority,
  label,
  width,
  compact = false,
  iconOnly = false,
}: PriorityPickerProps) {
  return (
    <DeferredSelect
      label={label}
      width={width}
      openWidth={iconOnly ? 140 : undefined}
      title={t('tasks.priorityTitle', { priority: priorityLabel(priority) })}
      preload={InlinePrioritySelect.preload}
      display={
        <>
          <PriorityIcon priority={priority} labelled={false} />
          {iconOnly ? (
            // The icon alone on screen; the priority stays in the text that is read.
            <VisuallyHidden>{priorityLabel(priority)}</VisuallyHidden>
          ) : compact && priority === 'NONE' ? null : (
            <span>{priorityLabel(priority)}</span>
          )}
        </>
      }
    >
      {(open) => <InlinePrioritySelect open={open} taskId={taskId} priority={priority} />}
    </DeferredSelect>
  );
}
