import '@mantine/dates/styles.css';
import { Group, type MantineSize } from '@mantine/core';
import { DatePickerInput, TimeInput } from '@mantine/dates';
import { IconCalendarDue, IconClock } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { type DueFields, dayIn, dueDay, dueFrom, localTime, pickableDays, sameDue } from './due-date';

export interface DueDateInputProps {
  value: DueFields;
  onChange: (due: DueFields) => void;
  size?: MantineSize;
  disabled?: boolean;
}

/** Today, Tomorrow and In a week: the shortcuts of every date picker of a task (the start date's too). */
export function datePresets() {
  const now = Date.now();
  const inDays = (days: number) => dayIn(now + days * 86_400_000);
  return [
    { value: inDays(0), label: 'Today' },
    { value: inDays(1), label: 'Tomorrow' },
    { value: inDays(7), label: 'In a week' },
  ];
}

/**
 * A due date: a day picked on a calendar, and an optional time on the viewer's clock. The day alone
 * is a date-only due date; with a time it becomes an instant. The time is saved when the field is
 * left or Enter is pressed, not at every keystroke.
 */
export function DueDateInput({ value, onChange, size = 'sm', disabled }: DueDateInputProps) {
  const day = dueDay(value);
  const savedTime = localTime(value);
  const [time, setTime] = useState(savedTime);
  useEffect(() => setTime(savedTime), [savedTime]);

  const change = (next: DueFields) => {
    if (!sameDue(next, value)) onChange(next);
  };
  const commitTime = () => {
    if (day) change(dueFrom(day, time));
    else setTime('');
  };

  return (
    // Where both do not fit on a line (the task page's side panel), the time goes under the date
    // rather than squeezing the date into a column of words.
    <Group gap="xs" align="flex-end" wrap="wrap">
      <DatePickerInput
        label="Due date"
        // What the "d" field key opens on a task's page (shared/field-keys.ts).
        data-field-key="due"
        size={size}
        flex={1}
        miw={150}
        disabled={disabled}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear the due date' }}
        placeholder="No due date"
        valueFormat="MMM D, YYYY"
        value={day}
        onChange={(next) => change(dueFrom(next, next ? time : ''))}
        presets={datePresets()}
        {...pickableDays()}
        leftSection={<IconCalendarDue size={16} stroke={1.8} aria-hidden />}
        popoverProps={{ withinPortal: true }}
      />
      <TimeInput
        label="Due time"
        size={size}
        w={112}
        disabled={disabled || !day}
        value={time}
        onChange={(event) => setTime(event.currentTarget.value)}
        onBlur={commitTime}
        onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commitTime();
          }
        }}
        leftSection={<IconClock size={16} stroke={1.8} aria-hidden />}
      />
    </Group>
  );
}
