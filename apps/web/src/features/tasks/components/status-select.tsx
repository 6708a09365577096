import { STATUS_LABELS, TASK_STATUSES, type TaskStatus } from '@figgle/shared/status';
import { Select } from '@mantine/core';
import type { OpenSelectProps } from './deferred-select';
import { StatusDot } from './status-dot';
import classes from './tasks.module.css';

const OPTIONS = TASK_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));

export interface StatusSelectProps {
  open: OpenSelectProps;
  status: TaskStatus;
  onChange: (status: TaskStatus) => void;
}

/** The status picker once opened (its own chunk: see status-picker.tsx). */
export function StatusSelect({ open, status, onChange }: StatusSelectProps) {
  return (
    <Select
      {...open}
      size="xs"
      variant="filled"
      allowDeselect={false}
      withCheckIcon={false}
      data={OPTIONS}
      value={status}
      onChange={(next) => next && next !== status && onChange(next as TaskStatus)}
      leftSection={<StatusDot status={status} />}
      leftSectionWidth={26}
      comboboxProps={{ withinPortal: true, width: 150, position: 'bottom-start' }}
      classNames={{ input: classes.pickerInput }}
    />
  );
}
