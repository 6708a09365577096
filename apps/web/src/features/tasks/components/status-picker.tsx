import { STATUS_LABELS, TASK_STATUSES, type TaskStatus } from '@figgle/shared/status';
import { Box, Select } from '@mantine/core';
import { DeferredSelect } from './deferred-select';
import classes from './tasks.module.css';

const OPTIONS = TASK_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));

export function StatusDot({ status }: { status: TaskStatus }) {
  return <Box component="span" className={classes.statusDot} data-status={status} aria-hidden />;
}

export interface StatusPickerProps {
  status: TaskStatus;
  /** Names the picker for screen readers, e.g. 'Status of Write the docs'. */
  label: string;
  onChange: (status: TaskStatus) => void;
}

export function StatusPicker({ status, label, onChange }: StatusPickerProps) {
  return (
    <DeferredSelect
      label={label}
      width={128}
      display={
        <>
          <StatusDot status={status} />
          <span>{STATUS_LABELS[status]}</span>
        </>
      }
    >
      {(open) => (
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
      )}
    </DeferredSelect>
  );
}
