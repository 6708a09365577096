import { Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { t } from '../../../lib/i18n/i18n';
import { toastError, toastSuccess } from '../../../ui/toast';
import { useRenameOrganization } from '../api/rename-organization';
import { nonBlank } from './non-blank';

export interface OrganizationNameFormProps {
  organizationId: string;
  name: string;
}

/** Owners only: the organization's name (required) with Save. */
export function OrganizationNameForm({ organizationId, name }: OrganizationNameFormProps) {
  const [value, setValue] = useState(name);
  const rename = useRenameOrganization(organizationId);

  useEffect(() => setValue(name), [name]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    rename.mutate(value.trim(), {
      onSuccess: () => toastSuccess(t('messages.organizationUpdated')),
      onError: () => toastError(t('messages.saveFailed')),
    });
  }

  return (
    <form onSubmit={handleSubmit} aria-label={t('settings.organizationNameForm')}>
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput
          label={t('settings.name')}
          name="name"
          {...nonBlank(t('settings.nameNotBlank'))}
          maxLength={100}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          flex={1}
          miw={0}
        />
        <Button type="submit" loading={rename.isPending}>
          {t('common.save')}
        </Button>
      </Group>
    </form>
  );
}
