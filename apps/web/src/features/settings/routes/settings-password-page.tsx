import { FRESH_SIGN_IN_MINUTES } from '@figgle/shared/password-schemas';
import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { t, tRich } from '../../../lib/i18n/i18n';
import { paths } from '../../../shared/paths';
import { showErrorDialog } from '../../../ui/error-dialog';
import { CurrentPasswordField, NewPasswordField } from '../../../ui/password-field';
import { toastSuccess } from '../../../ui/toast';
import { useChangePassword } from '../api/change-password';
import { usePasswordStatus } from '../api/get-password-status';
import { SettingsSectionTitle } from '../components/settings-section-title';

export function SettingsPasswordPage() {
  const status = usePasswordStatus();
  const hasPassword = status.data?.hasPassword;

  return (
    <>
      <SettingsSectionTitle title={t('settings.password')} />
      <Stack gap="lg" maw={560}>
        <Alert variant="light" color="indigo" radius="md" title={t('settings.passwordAlertTitle')}>
          <Text size="sm">
            {tRich('settings.passwordAlert', {
              minutes: FRESH_SIGN_IN_MINUTES,
              // The alert's tint leaves too little contrast for the link colour: text colour, underlined.
              link: (chunks) => (
                <Anchor component={Link} to={paths.resetPassword} inherit c="inherit" underline="always">
                  {chunks}
                </Anchor>
              ),
            })}
          </Text>
        </Alert>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          {hasPassword === undefined ? (
            <Group justify="center">
              <Loader size="sm" aria-label={t('settings.loading')} />
            </Group>
          ) : (
            <PasswordForm hasPassword={hasPassword} />
          )}
        </Paper>
      </Stack>
    </>
  );
}

function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const change = useChangePassword();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    change.mutate(hasPassword ? { currentPassword, newPassword } : { newPassword }, {
      onSuccess: () => {
        setCurrentPassword('');
        setNewPassword('');
        toastSuccess(t('messages.passwordUpdated'));
      },
      onError: (error) => void showErrorDialog(error),
    });
  }

  return (
    <form onSubmit={handleSubmit} aria-label={t('settings.changePassword')}>
      <Stack gap="md">
        {hasPassword ? (
          <CurrentPasswordField
            label={t('settings.currentPassword')}
            name="currentPassword"
            maxLength={128}
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.currentTarget.value)}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t('settings.noPasswordYet')}
          </Text>
        )}
        <NewPasswordField
          label={t('settings.newPassword')}
          name="newPassword"
          value={newPassword}
          onChange={(event) => setNewPassword(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending}>
            {t('settings.change')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
