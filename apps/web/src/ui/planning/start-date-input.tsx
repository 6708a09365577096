import '@mantine/dates/styles.css';
import type { MantineSize } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendarEvent } from '@tabler/icons-react';
import { pickableDays } from './due-date';
import { datePresets } from './due-date-input';

export interface StartDateInputProps {
  /** The start day (YYYY-MM-DD), or null. */
  value: string | null;
  onChange: (startDate: string | null) => void;
  size?: MantineSize;
  disabled?: boolean;
}

/**
 * A task's start date: a day picked on the same calendar as the due date, with the same shortcuts.
 * A day only (no time): work starts on a day. The server refuses a start after the due date.
 */
export function StartDateInput({ value, onChange, size = 'sm', disabled }: StartDateInputProps) {
  return (
    <DatePickerInput
      label="Start date"
      size={size}
      miw={150}
      disabled={disabled}
      clearable
      clearButtonProps={{ 'aria-label': 'Clear the start date' }}
      placeholder="No start date"
      valueFormat="MMM D, YYYY"
      value={value}
      onChange={(next) => {
        if ((next ?? null) !== value) onChange(next ?? null);
      }}
      presets={datePresets()}
      {...pickableDays()}
      leftSection={<IconCalendarEvent size={16} stroke={1.8} aria-hidden />}
      popoverProps={{ withinPortal: true }}
    />
  );
}
