import '@mantine/dates/styles.css';
import { Group, type MantineSize } from '@mantine/core';
import { DatePickerInput, TimeInput } from '@mantine/dates';
import { IconCalendarDue, IconClock } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { type DueFields, dayIn, dueDay, dueFrom, localTime, pickableDays, sameDue } from './due-date';
import 'dayjs/locale/de';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import { intlLocale, t } from '../../lib/i18n/i18n';

export interface DueDateInputProps {
  value: DueFields;
  onChange: (due: DueFields) => void;
  size?: MantineSize;
  disabled?: boolean;
}

/**
 * The pickers' month and day names and the field's format in the reader's language (dayjs's own
 * locales, a few hundred bytes each, in this lazily loaded chunk); English as before.
 */
export function pickerLocale(): { locale: string; valueFormat: string } {
  const locale = intlLocale();
  if (locale === 'de') return { locale, valueFormat: 'D. MMM YYYY' };
  if (locale === 'fr' || locale === 'es') return { locale, valueFormat: 'D MMM YYYY' };
  return { locale: 'en', valueFormat: 'MMM D, YYYY' };
}

/** Today, Tomorrow and In a week: the shortcuts of every date picker of a task (the start date's too). */
export function datePresets() {
  const now = Date.now();
  const inDays = (days: number) => dayIn(now + days * 86_400_000);
  return [
    { value: inDays(0), label: t('ui.today') },
    { value: inDays(1), label: t('ui.tomorrow') },
    { value: inDays(7), label: t('ui.inAWeek') },
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
        label={t('ui.dueDate')}
        // What the "d" field key opens on a task's page (shared/field-keys.ts).
        data-field-key="due"
        size={size}
        flex={1}
        miw={150}
        disabled={disabled}
        clearable
        clearButtonProps={{ 'aria-label': t('ui.clearDueDate') }}
        placeholder={t('ui.noDueDate')}
        {...pickerLocale()}
        value={day}
        onChange={(next) => change(dueFrom(next, next ? time : ''))}
        presets={datePresets()}
        {...pickableDays()}
        leftSection={<IconCalendarDue size={16} stroke={1.8} aria-hidden />}
        popoverProps={{ withinPortal: true }}
      />
      <TimeInput
        label={t('ui.dueTime')}
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
