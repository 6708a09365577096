import { Button, Group, Paper, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { t } from '../../../lib/i18n/i18n';
import { useMe } from '../../../shared/api/get-me';
import { useUpdateMe } from '../../../shared/api/update-me';
import { toastError, toastSuccess } from '../../../ui/toast';
import { UserAvatar } from '../../../ui/user-avatar';
import { nonBlank } from '../components/non-blank';
import { SettingsSectionTitle } from '../components/settings-section-title';
import { useLoadErrorToast } from '../components/use-load-error-toast';

export function SettingsProfilePage() {
  const me = useMe();
  const updateMe = useUpdateMe();
  const [firstname, setFirstname] = useState('');
  const [lastname, setLastname] = useState('');
  useLoadErrorToast(me.isError);

  useEffect(() => {
    if (!me.data) return;
    setFirstname(me.data.firstname);
    setLastname(me.data.lastname);
  }, [me.data]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    updateMe.mutate(
      { firstname: firstname.trim(), lastname: lastname.trim() },
      {
        onSuccess: () => toastSuccess(t('messages.profileUpdated')),
        onError: () => toastError(t('messages.saveFailed')),
      },
    );
  }

  return (
    <>
      <SettingsSectionTitle title={t('settings.myProfile')} description={t('settings.profileIntro')} />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={560}>
        {me.data ? (
          <form onSubmit={handleSubmit} aria-label={t('settings.profile')}>
            <Stack gap="lg">
              <Group gap="md" wrap="nowrap">
                <UserAvatar
                  id={me.data.user_id}
                  firstname={firstname || me.data.firstname}
                  lastname={lastname || me.data.lastname}
                  size={64}
                  labelled
                />
                <Stack gap={2} miw={0}>
                  <Text fw={600} truncate>
                    {[me.data.firstname, me.data.lastname].filter(Boolean).join(' ') || me.data.email}
                  </Text>
                  <Text size="sm" c="dimmed" truncate>
                    {me.data.email}
                  </Text>
                </Stack>
              </Group>
              <Group grow align="flex-start" wrap="wrap">
                <TextInput
                  label={t('settings.firstname')}
                  name="firstname"
                  autoComplete="given-name"
                  {...nonBlank(t('settings.firstnameNotBlank'))}
                  maxLength={100}
                  value={firstname}
                  onChange={(event) => setFirstname(event.currentTarget.value)}
                  miw={200}
                />
                <TextInput
                  label={t('settings.lastname')}
                  name="lastname"
                  autoComplete="family-name"
                  {...nonBlank(t('settings.lastnameNotBlank'))}
                  maxLength={100}
                  value={lastname}
                  onChange={(event) => setLastname(event.currentTarget.value)}
                  miw={200}
                />
              </Group>
              <Group justify="flex-end">
                <Button type="submit" loading={updateMe.isPending}>
                  {t('common.save')}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Stack gap="md" aria-busy={me.isPending}>
            <Skeleton height={64} circle />
            <Skeleton height={36} />
            <Skeleton height={36} />
          </Stack>
        )}
      </Paper>
    </>
  );
}
