import type { CustomValue, ProjectCustomField } from '@figgle/shared/custom-field-schemas';
import { Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { t } from '../../../../lib/i18n/i18n';
import { CustomValueInput } from '../../../../shared/custom-values/custom-value-input';
import { BulkPopover } from './bulk-popover';

/** The kinds typed in a field, with the input type each takes. */
const TYPED_KINDS: Partial<Record<ProjectCustomField['kind'], string>> = {
  text: 'text',
  number: 'number',
  url: 'url',
  date: 'date',
};

function typedValue(kind: ProjectCustomField['kind'], text: string): CustomValue | null {
  if (text.trim() === '') return null;
  if (kind !== 'number') return text;
  const number = Number(text);
  return Number.isFinite(number) ? number : null;
}

/**
 * The selection bar's "Field": one of the project's custom fields and a value of its kind (the same
 * editor as the task page's), set on every selected task; or the field's value cleared on all.
 */
export function BulkFieldButton({
  fields,
  organizationId,
  onSet,
}: {
  fields: readonly ProjectCustomField[];
  organizationId: string;
  onSet: (fieldId: string, value: CustomValue | null) => void;
}) {
  const [opened, setOpened] = useState(false);
  const [fieldId, setFieldId] = useState<string | null>(null);
  const [value, setValue] = useState<CustomValue | null>(null);
  const field = fields.find((candidate) => candidate.field_id === fieldId) ?? fields[0];
  if (!field) return null;
  const done = (next: CustomValue | null) => {
    setOpened(false);
    setValue(null);
    onSet(field.field_id, next);
  };
  return (
    <BulkPopover label={t('tasks.bulkField')} opened={opened} setOpened={setOpened} minWidth={260}>
      <Stack gap="xs">
        <NativeSelect
          size="xs"
          label={t('tasks.bulkFieldLabel')}
          data={fields.map((candidate) => ({ value: candidate.field_id, label: candidate.name }))}
          value={field.field_id}
          onChange={(event) => {
            setFieldId(event.currentTarget.value);
            setValue(null);
          }}
        />
        {TYPED_KINDS[field.kind] ? (
          // Typed values are taken as they are typed: the editor of the task page sends them on blur.
          <TextInput
            key={field.field_id}
            size="xs"
            label={field.unit ? `${field.name} (${field.unit})` : field.name}
            type={TYPED_KINDS[field.kind]}
            value={value === null ? '' : String(value)}
            onChange={(event) => setValue(typedValue(field.kind, event.currentTarget.value))}
          />
        ) : (
          <CustomValueInput
            key={field.field_id}
            field={field}
            value={value}
            organizationId={organizationId}
            onChange={setValue}
          />
        )}
        <Group gap="xs" justify="space-between">
          <Button size="compact-sm" variant="subtle" color="gray" onClick={() => done(null)}>
            {t('tasks.bulkFieldClear', { name: field.name })}
          </Button>
          <Button size="compact-sm" disabled={value === null} onClick={() => done(value)}>
            {t('tasks.bulkFieldSet', { name: field.name })}
          </Button>
        </Group>
      </Stack>
    </BulkPopover>
  );
}
