import type { TaskPriority } from '@figgle/shared/priority';
import { useUpdateTask } from '../../../shared/api/update-task';
import { PrioritySelect } from '../../../ui/planning/priority-select';
import type { OpenSelectProps } from './deferred-select';
import classes from './tasks.module.css';

export interface InlinePrioritySelectProps {
  open: OpenSelectProps;
  taskId: string;
  priority: TaskPriority;
}

/**
 * The priority picker of rows and cards once opened (its own chunk: see priority-picker.tsx). It
 * saves the pick itself: a closed picker costs no mutation hook, and the change, shown at once and
 * rolled back with the failure toast, goes on after the picker closes.
 */
export function InlinePrioritySelect({ open, taskId, priority }: InlinePrioritySelectProps) {
  const updateTask = useUpdateTask();
  return (
    <PrioritySelect
      {...open}
      size="xs"
      variant="filled"
      withCheckIcon={false}
      value={priority}
      onChange={(next) => updateTask.mutate({ taskId, changes: { priority: next } })}
      leftSectionWidth={26}
      comboboxProps={{ width: 150, position: 'bottom-start' }}
      classNames={{ input: classes.pickerInput }}
    />
  );
}
