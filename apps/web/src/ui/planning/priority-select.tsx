import { TASK_PRIORITIES, type TaskPriority } from '@figgle/shared/priority';
import { Group, Select, type SelectProps } from '@mantine/core';
import { PriorityIcon, priorityLabel } from './priority-icon';

/** A function: the catalogue loads after this module. */
const options = () => TASK_PRIORITIES.map((value) => ({ value, label: priorityLabel(value) }));

export interface PrioritySelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  value: TaskPriority;
  onChange: (priority: TaskPriority) => void;
}

/** Urgent to None, each with its icon: the task page, the creation dialog and the inline pickers. */
export function PrioritySelect({ value, onChange, comboboxProps, ...props }: PrioritySelectProps) {
  return (
    <Select
      {...props}
      allowDeselect={false}
      data={options()}
      value={value}
      onChange={(next) => {
        if (next && next !== value) onChange(next as TaskPriority);
      }}
      leftSection={<PriorityIcon priority={value} labelled={false} />}
      renderOption={({ option }) => (
        <Group gap={8} wrap="nowrap">
          <PriorityIcon priority={option.value as TaskPriority} labelled={false} />
          <span>{option.label}</span>
        </Group>
      )}
      comboboxProps={{ withinPortal: true, ...comboboxProps }}
    />
  );
}
