import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
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
        toastSuccess(t('messages.organizationCreated'));
        setName('');
        void navigate(paths.settingsOrganization(organization.organization_id));
      },
      onError: () => toastError(t('messages.saveFailed')),
    });
  }

  return (
    <>
      <SettingsSectionTitle title={t('settings.createOrganization')} />
      <Stack gap="lg" maw={560}>
        <Alert variant="light" color="indigo" radius="md" title={t('settings.newOrganizationAlertTitle')}>
          <Text size="sm">{t('settings.newOrganizationAlert')}</Text>
        </Alert>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <form onSubmit={handleSubmit} aria-label={t('settings.createOrganization')}>
            <Stack gap="md">
              <TextInput
                label={t('settings.newOrganizationName')}
                name="name"
                {...nonBlank(t('settings.nameNotBlank'))}
                maxLength={100}
                value={name}
                onChange={(event) => setName(event.currentTarget.value)}
              />
              <Group justify="flex-end">
                <Button type="submit" loading={create.isPending}>
                  {t('settings.create')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      </Stack>
    </>
  );
}
