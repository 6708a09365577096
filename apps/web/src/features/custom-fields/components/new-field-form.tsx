import {
  CUSTOM_FIELD_KINDS,
  CUSTOM_FIELD_NAME_MAX,
  CUSTOM_FIELD_UNIT_MAX,
  type CustomFieldKind,
} from '@figgle/shared/custom-field-schemas';
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useFormWrite } from '../../../lib/form-write';
import { t } from '../../../lib/i18n/i18n';
import { toastSuccess } from '../../../ui/toast';
import { useCreateCustomField } from '../api/create-custom-field';
import { kindLabel } from './kind-label';
import { type OptionDraft, OptionsEditor } from './options-editor';

const kinds = () => CUSTOM_FIELD_KINDS.map((value) => ({ value, label: kindLabel(value) }));
const selects = (kind: CustomFieldKind) => kind === 'single_select' || kind === 'multi_select';

/** A new field: its name, kind, a number's unit or a select's options. A refusal shows under the name. */
export function NewFieldForm({ organizationId }: { organizationId: string }) {
  const create = useCreateCustomField(organizationId);
  const [name, setName] = useState('');
  const [kind, setKind] = useState<CustomFieldKind>('single_select');
  const [unit, setUnit] = useState('');
  const [options, setOptions] = useState<OptionDraft[]>([]);
  const { error, send } = useFormWrite(create, t('custom-fields.createFailed'));

  function submit(event: FormEvent<HTMLFormElement>) {
    send(
      event,
      {
        name: name.trim(),
        kind,
        ...(kind === 'number' && unit.trim() ? { unit: unit.trim() } : {}),
        ...(selects(kind) ? { options: options.filter((option) => option.name.trim() !== '') } : {}),
      },
      (field) => {
        toastSuccess(t('custom-fields.created', { name: field.name }));
        setName('');
        setUnit('');
        setOptions([]);
      },
    );
  }

  return (
    <form onSubmit={submit} aria-label={t('custom-fields.newField')}>
      <Stack gap="sm">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label={t('custom-fields.name')}
            name="name"
            required
            maxLength={CUSTOM_FIELD_NAME_MAX}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={error}
            flex="1 1 200px"
            miw={0}
          />
          <Select
            label={t('custom-fields.kind')}
            w={170}
            allowDeselect={false}
            data={kinds()}
            value={kind}
            onChange={(next) => next && setKind(next as CustomFieldKind)}
            comboboxProps={{ withinPortal: true }}
          />
          {kind === 'number' ? (
            <TextInput
              label={t('custom-fields.unit')}
              w={100}
              maxLength={CUSTOM_FIELD_UNIT_MAX}
              placeholder={t('custom-fields.unitPlaceholder')}
              value={unit}
              onChange={(event) => setUnit(event.currentTarget.value)}
            />
          ) : null}
        </Group>
        {selects(kind) ? <OptionsEditor options={options} onChange={setOptions} fieldName={name} /> : null}
        <Group>
          <Button type="submit" loading={create.isPending} disabled={name.trim() === ''}>
            {t('custom-fields.createField')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
