import type { TaskStatus } from '@figgle/shared/status';
import { Select } from '@mantine/core';
import { type StatusChoice, statusChoiceOf } from '../../../shared/api/list-project-statuses';
import type { OpenSelectProps } from './deferred-select';
import { StatusDot } from './status-dot';
import classes from './tasks.module.css';

export interface StatusSelectProps {
  open: OpenSelectProps;
  status: TaskStatus;
  /** The project's statuses, in board order. */
  statuses: readonly StatusChoice[];
  onChange: (status: TaskStatus) => void;
}

/** The status picker once opened (its own chunk: see status-picker.tsx). */
export function StatusSelect({ open, status, statuses, onChange }: StatusSelectProps) {
  return (
    <Select
      {...open}
      size="xs"
      variant="filled"
      allowDeselect={false}
      withCheckIcon={false}
      data={statuses.map((choice) => ({ value: choice.key, label: choice.name }))}
      value={status}
      onChange={(next) => next && next !== status && onChange(next)}
      leftSection={<StatusDot status={status} color={statusChoiceOf(statuses, status).color} />}
      leftSectionWidth={26}
      comboboxProps={{ withinPortal: true, width: 170, position: 'bottom-start' }}
      classNames={{ input: classes.pickerInput }}
    />
  );
}
