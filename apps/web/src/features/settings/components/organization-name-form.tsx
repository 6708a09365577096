import { MESSAGES } from '@figgle/shared/constants';
import { Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
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
      onSuccess: () => toastSuccess(MESSAGES.organizationUpdated),
      onError: () => toastError(MESSAGES.saveFailed),
    });
  }

  return (
    <form onSubmit={handleSubmit} aria-label="Organization name">
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput
          label="Name"
          name="name"
          {...nonBlank('The name')}
          maxLength={100}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          flex={1}
          miw={0}
        />
        <Button type="submit" loading={rename.isPending}>
          Save
        </Button>
      </Group>
    </form>
  );
}
