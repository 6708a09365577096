import { MESSAGES, PASSWORD_MIN_LENGTH } from '@figgle/shared/constants';
import { Alert, Button, Group, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { toastSuccess } from '../../../ui/toast';
import { useChangePassword } from '../api/change-password';
import { showErrorDialog } from '../components/error-dialog';
import { SettingsSectionTitle } from '../components/settings-section-title';

export function SettingsPasswordPage() {
  const [newPassword, setNewPassword] = useState('');
  const change = useChangePassword();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    change.mutate(newPassword, {
      onSuccess: () => {
        setNewPassword('');
        toastSuccess(MESSAGES.passwordUpdated);
      },
      onError: (error) => void showErrorDialog(error),
    });
  }

  return (
    <>
      <SettingsSectionTitle title="Password" />
      <Stack gap="lg" maw={560}>
        <Alert variant="light" color="indigo" radius="md" title="Change or set your password">
          <Text size="sm">
            Use this page to change your password, including when you forgot it and signed in with a link. It
            also lets you set a password if your account has none yet, because you signed in with Google or
            joined through an invitation.
          </Text>
        </Alert>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <form onSubmit={handleSubmit} aria-label="Change password">
            <Stack gap="md">
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
                visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the password' }}
              />
              <Group justify="flex-end">
                <Button type="submit" loading={change.isPending}>
                  Change
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      </Stack>
    </>
  );
}
