import { MESSAGES } from '@figgle/shared/constants';
import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCreateOrganization } from '../../../shared/api/create-organization';
import { paths } from '../../../shared/paths';
import { toastError, toastSuccess } from '../../../ui/toast';
import { nonBlank } from '../components/non-blank';
import { SettingsSectionTitle } from '../components/settings-section-title';

export function SettingsNewOrganizationPage() {
  const [name, setName] = useState('');
  const create = useCreateOrganization();
  const navigate = useNavigate();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate(name.trim(), {
      onSuccess: (organization) => {
        toastSuccess(MESSAGES.organizationCreated);
        setName('');
        void navigate(paths.settingsOrganization(organization.organization_id));
      },
      onError: () => toastError(MESSAGES.saveFailed),
    });
  }

  return (
    <>
      <SettingsSectionTitle title="Create an organization" />
      <Stack gap="lg" maw={560}>
        <Alert variant="light" color="indigo" radius="md" title="A new space for a team">
          <Text size="sm">
            An organization groups projects and the people who work on them. You will be its owner: you can
            rename it, invite members and connect it to a Figma team.
          </Text>
        </Alert>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <form onSubmit={handleSubmit} aria-label="Create an organization">
            <Stack gap="md">
              <TextInput
                label="Name of the new Organization"
                name="name"
                {...nonBlank('The name')}
                maxLength={100}
                value={name}
                onChange={(event) => setName(event.currentTarget.value)}
              />
              <Group justify="flex-end">
                <Button type="submit" loading={create.isPending}>
                  Create
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      </Stack>
    </>
  );
}
