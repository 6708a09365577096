import type { CustomValue, ProjectCustomField } from '@figgle/shared/custom-field-schemas';
import {
  Checkbox,
  ColorSwatch,
  type ComboboxItem,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  TextInput,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { t } from '../../lib/i18n/i18n';
import { useMembers } from '../api/list-members';

const swatch = (colour: string) => (
  <ColorSwatch color={`var(--mantine-color-${colour}-filled)`} size={12} withShadow={false} aria-hidden />
);

interface CustomValueInputProps {
  field: ProjectCustomField;
  value: CustomValue | null;
  organizationId: string;
  onChange: (value: CustomValue | null) => void;
}

/**
 * The editor of a field's value, by its kind: a select's options with their colours, a member for a
 * person, a box for a checkbox; text, number, date and URL are sent when the field is left.
 */
export function CustomValueInput({ field, value, organizationId, onChange }: CustomValueInputProps) {
  const label = field.unit ? `${field.name} (${field.unit})` : field.name;
  /** What a single and a multi select share: the options, each after the colour it shows in. */
  const choiceProps = {
    label,
    size: 'sm',
    clearable: true,
    placeholder: t('messages.selectPlaceholder'),
    data: field.options.map((option) => ({ value: option.option_id, label: option.name })),
    renderOption: ({ option }: { option: ComboboxItem }) => (
      <Group gap={8} wrap="nowrap">
        {swatch(field.options.find((choice) => choice.option_id === option.value)?.colour ?? 'gray')}
        <span>{option.label}</span>
      </Group>
    ),
    comboboxProps: { withinPortal: true },
  } as const;
  switch (field.kind) {
    case 'single_select':
      return (
        <Select
          {...choiceProps}
          value={typeof value === 'string' ? value : null}
          onChange={(next) => onChange(next)}
          leftSection={
            typeof value === 'string'
              ? swatch(field.options.find((option) => option.option_id === value)?.colour ?? 'gray')
              : null
          }
        />
      );
    case 'multi_select':
      return (
        <MultiSelect
          {...choiceProps}
          value={Array.isArray(value) ? value : []}
          onChange={(next) => onChange(next.length === 0 ? null : next)}
        />
      );
    case 'person':
      return <PersonInput label={label} value={value} organizationId={organizationId} onChange={onChange} />;
    case 'checkbox':
      return (
        <Checkbox
          label={label}
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
      );
    case 'number':
      return <NumberValueInput label={label} value={value} onChange={onChange} />;
    default:
      return <TextValueInput kind={field.kind} label={label} value={value} onChange={onChange} />;
  }
}

function PersonInput({
  label,
  value,
  organizationId,
  onChange,
}: {
  label: string;
  value: CustomValue | null;
  organizationId: string;
  onChange: (value: CustomValue | null) => void;
}) {
  const members = useMembers(organizationId);
  const data = (members.data ?? []).map((member) => ({
    value: member.user_id,
    label: `${member.firstname} ${member.lastname}`.trim() || member.email,
  }));
  const current = typeof value === 'string' ? value : null;
  if (current && !data.some((option) => option.value === current)) data.push({ value: current, label: '…' });
  return (
    <Select
      label={label}
      size="sm"
      clearable
      searchable
      placeholder={t('messages.selectPlaceholder')}
      nothingFoundMessage={t('messages.selectNoMatch')}
      data={data}
      value={current}
      onChange={(next) => onChange(next)}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** Sent when the field is left or Enter is pressed, if it changed. */
function NumberValueInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: CustomValue | null;
  onChange: (value: CustomValue | null) => void;
}) {
  const [draft, setDraft] = useState<string | number>(typeof value === 'number' ? value : '');
  useEffect(() => setDraft(typeof value === 'number' ? value : ''), [value]);
  const commit = () => {
    const next = draft === '' ? null : Number(draft);
    if (next !== (typeof value === 'number' ? value : null) && (next === null || Number.isFinite(next)))
      onChange(next);
  };
  return (
    <NumberInput
      label={label}
      size="sm"
      value={draft}
      onChange={setDraft}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      hideControls
    />
  );
}

function TextValueInput({
  kind,
  label,
  value,
  onChange,
}: {
  kind: ProjectCustomField['kind'];
  label: string;
  value: CustomValue | null;
  onChange: (value: CustomValue | null) => void;
}) {
  const stored = typeof value === 'string' ? value : '';
  const [draft, setDraft] = useState(stored);
  useEffect(() => setDraft(stored), [stored]);
  const commit = () => {
    const next = draft.trim();
    if (next !== stored) onChange(next === '' ? null : next);
  };
  return (
    <TextInput
      label={label}
      size="sm"
      type={kind === 'date' ? 'date' : kind === 'url' ? 'url' : 'text'}
      placeholder={kind === 'url' ? 'https://' : undefined}
      value={draft}
      onChange={(event) => {
        setDraft(event.currentTarget.value);
        // A date is complete when picked: sent at once.
        if (kind === 'date' && event.currentTarget.value !== stored)
          onChange(event.currentTarget.value === '' ? null : event.currentTarget.value);
      }}
      onBlur={kind === 'date' ? undefined : commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && kind !== 'date') commit();
      }}
    />
  );
}
