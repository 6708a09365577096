import '@mantine/dates/styles.css';
import type { MantineSize } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendarEvent } from '@tabler/icons-react';
import { t } from '../../lib/i18n/i18n';
import { pickableDays } from './due-date';
import { datePresets, pickerLocale } from './due-date-input';

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
      label={t('ui.startDate')}
      size={size}
      miw={150}
      disabled={disabled}
      clearable
      clearButtonProps={{ 'aria-label': t('ui.clearStartDate') }}
      placeholder={t('ui.noStartDate')}
      {...pickerLocale()}
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
