import { LABEL_NAME_MAX, type LabelColor, type LabelView } from '@figgle/shared/planning-schemas';
import { Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useFormWrite } from '../../../lib/form-write';
import { t } from '../../../lib/i18n/i18n';
import { useCreateLabel } from '../../../shared/api/create-label';
import { nextLabelColor } from '../../../ui/planning/label-color';
import { toastSuccess } from '../../../ui/toast';
import { LabelColorSelect } from './label-color-select';

/** Name and colour of a new label; a refusal (a duplicate name) shows under the name. */
export function NewLabelForm({ organizationId, labels }: { organizationId: string; labels: LabelView[] }) {
  const create = useCreateLabel(organizationId);
  const [name, setName] = useState('');
  const [chosenColor, setColor] = useState<LabelColor | null>(null);
  const color = chosenColor ?? nextLabelColor(labels);
  const { error, send } = useFormWrite(create, t('settings.labelCreateFailed'));

  function submit(event: FormEvent<HTMLFormElement>) {
    send(event, { name: name.trim(), color }, (label) => {
      toastSuccess(t('settings.labelCreated', { name: label.name }));
      setName('');
      setColor(null);
    });
  }

  return (
    <form onSubmit={submit} aria-label={t('settings.newLabel')}>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label={t('settings.name')}
          name="name"
          required
          maxLength={LABEL_NAME_MAX}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={error}
          flex="1 1 200px"
          miw={0}
        />
        <LabelColorSelect label={t('settings.colour')} value={color} onChange={setColor} />
        <Button type="submit" mt={25} loading={create.isPending} disabled={name.trim() === ''}>
          {t('settings.createLabel')}
        </Button>
      </Group>
    </form>
  );
}
