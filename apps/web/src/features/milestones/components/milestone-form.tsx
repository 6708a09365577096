import '@mantine/dates/styles.css';
import {
  MILESTONE_DESCRIPTION_MAX,
  MILESTONE_NAME_MAX,
  type MilestoneView,
} from '@figgle/shared/milestone-schemas';
import { Paper, Stack, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendarEvent } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { t } from '../../../lib/i18n/i18n';
import { DialogButtons } from '../../../ui/dialog-buttons';
import { pickableDays } from '../../../ui/planning/due-date';
import { datePresets } from '../../../ui/planning/due-date-input';

export interface MilestoneFields {
  name: string;
  target_date: string;
  description: string;
}

export interface MilestoneFormProps {
  /** The milestone being changed; none for a new one. */
  milestone?: MilestoneView;
  submitLabel: string;
  pending: boolean;
  error: string | null;
  onSubmit: (fields: MilestoneFields) => void;
  onCancel: () => void;
}

/** Name, target date and description of a milestone; the server judges what is sent. */
export function MilestoneForm({
  milestone,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
}: MilestoneFormProps) {
  const [name, setName] = useState(milestone?.name ?? '');
  const [target, setTarget] = useState<string | null>(milestone?.target_date ?? null);
  const [description, setDescription] = useState(milestone?.description ?? '');
  const [missingTarget, setMissingTarget] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!target) {
      setMissingTarget(true);
      return;
    }
    onSubmit({ name, target_date: target, description });
  };

  return (
    <Paper withBorder radius="md" p="md">
      <form
        onSubmit={submit}
        aria-label={
          milestone ? t('milestones.changeNamed', { name: milestone.name }) : t('milestones.newMilestone')
        }
      >
        <Stack gap="sm">
          <TextInput
            label={t('milestones.name')}
            required
            data-autofocus
            maxLength={MILESTONE_NAME_MAX}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <DatePickerInput
            label={t('milestones.targetDate')}
            required
            placeholder={t('milestones.pickDay')}
            valueFormat="MMM D, YYYY"
            value={target}
            onChange={(next) => {
              setTarget(next ?? null);
              setMissingTarget(false);
            }}
            presets={datePresets()}
            {...pickableDays()}
            error={missingTarget ? t('milestones.pickTargetError') : undefined}
            leftSection={<IconCalendarEvent size={16} stroke={1.8} aria-hidden />}
            popoverProps={{ withinPortal: true }}
          />
          <Textarea
            label={t('milestones.description')}
            autosize
            minRows={2}
            maxLength={MILESTONE_DESCRIPTION_MAX}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
          />
          {error ? (
            <div
              role="alert"
              style={{ color: 'var(--mantine-color-error)', fontSize: 'var(--mantine-font-size-sm)' }}
            >
              {error}
            </div>
          ) : null}
          <DialogButtons onCancel={onCancel} submitLabel={submitLabel} pending={pending} gap="xs" />
        </Stack>
      </form>
    </Paper>
  );
}
