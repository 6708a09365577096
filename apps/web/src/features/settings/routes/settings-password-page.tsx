import { MESSAGES, PASSWORD_MIN_LENGTH } from '@figgle/shared/constants';
import { FRESH_SIGN_IN_MINUTES } from '@figgle/shared/password-schemas';
import { Alert, Anchor, Button, Group, Loader, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { showErrorDialog } from '../../../ui/error-dialog';
import { toastSuccess } from '../../../ui/toast';
import { useChangePassword } from '../api/change-password';
import { usePasswordStatus } from '../api/get-password-status';
import { SettingsSectionTitle } from '../components/settings-section-title';

const toggleLabel = { 'aria-label': 'Show or hide the password' };

export function SettingsPasswordPage() {
  const status = usePasswordStatus();
  const hasPassword = status.data?.hasPassword;

  return (
    <>
      <SettingsSectionTitle title="Password" />
      <Stack gap="lg" maw={560}>
        <Alert variant="light" color="indigo" radius="md" title="Change or set your password">
          <Text size="sm">
            To change your password, enter the current one, then the new one. If you forgot it, choose a new
            one from the{' '}
            {/* The alert's tint leaves too little contrast for the link colour: text colour, underlined. */}
            <Anchor component={Link} to={paths.resetPassword} inherit c="inherit" underline="always">
              password reset page
            </Anchor>
            . An account without a password yet, because you signed in with Google or a link, can set one here
            within {FRESH_SIGN_IN_MINUTES} minutes of signing in. A new password logs out your other devices
            and revokes your API tokens.
          </Text>
        </Alert>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          {hasPassword === undefined ? (
            <Group justify="center">
              <Loader size="sm" aria-label="Loading" />
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
        toastSuccess(MESSAGES.passwordUpdated);
      },
      onError: (error) => void showErrorDialog(error),
    });
  }

  return (
    <form onSubmit={handleSubmit} aria-label="Change password">
      <Stack gap="md">
        {hasPassword ? (
          <PasswordInput
            label="Current Password"
            name="currentPassword"
            autoComplete="current-password"
            required
            maxLength={128}
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.currentTarget.value)}
            visibilityToggleButtonProps={toggleLabel}
          />
        ) : (
          <Text size="sm" c="dimmed">
            Your account has no password yet: the one you choose here also signs you in.
          </Text>
        )}
        <PasswordInput
          label="New Password"
          name="newPassword"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={128}
          description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          value={newPassword}
          onChange={(event) => setNewPassword(event.currentTarget.value)}
          visibilityToggleButtonProps={toggleLabel}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending}>
            Change
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
