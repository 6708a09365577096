import { MESSAGES, PASSWORD_MIN_LENGTH } from '@figgle/shared/constants';
import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../shared/paths';
import { CenteredPanel } from '../../../ui/centered-panel';
import { showErrorDialog } from '../../../ui/error-dialog';
import { toastSuccess } from '../../../ui/toast';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { useResetPassword } from '../api/reset-password';
import { BackToLoginLink } from '../components/back-to-login-link';
import { EmailForm } from '../components/email-form';

/** Without a token: ask for the email. With the token of the emailed link: choose the new password. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  if (!token) return <RequestReset linkFailed={searchParams.has('error')} />;
  return <NewPasswordForm token={token} confirmed={searchParams.has('confirmed')} />;
}

function RequestReset({ linkFailed }: { linkFailed: boolean }) {
  const navigate = useNavigate();
  const request = useRequestPasswordReset();
  return (
    <CenteredPanel title="Reset your password" subtitle="Enter your email and we will send you a reset link.">
      <Stack gap="lg">
        {linkFailed ? (
          <Alert
            color="yellow"
            variant="light"
            title="This reset link can no longer be used"
            icon={<IconClockExclamation size={18} stroke={1.75} aria-hidden />}
            role="alert"
          >
            It has expired or was already used. Ask for a new one below.
          </Alert>
        ) : null}
        <EmailForm
          label="Reset password"
          submitLabel="Reset"
          submitting={request.isPending}
          onSubmit={(email) =>
            request.mutate(email, {
              onSuccess: () => {
                toastSuccess(MESSAGES.passwordResetEmailSent);
                navigate(`${paths.authResult}?password=true`);
              },
              onError: (error) => void showErrorDialog(error),
            })
          }
        />
        <BackToLoginLink />
      </Stack>
    </CenteredPanel>
  );
}

/**
 * `confirmed`: the address was just confirmed by a link that did not come with the account's
 * password (asked for later, or the account was registered by someone else first), so its opener
 * chooses the password now.
 */
function NewPasswordForm({ token, confirmed }: { token: string; confirmed: boolean }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [newPassword, setNewPassword] = useState('');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    reset.mutate(
      { token, newPassword },
      {
        onSuccess: () => {
          toastSuccess(MESSAGES.passwordUpdated);
          navigate(paths.login, { replace: true });
        },
        onError: (error) => void showErrorDialog(error),
      },
    );
  }

  return (
    <CenteredPanel
      title={confirmed ? 'Your email is verified: choose your password' : 'Choose a new password'}
      subtitle={
        confirmed
          ? 'A password set before your email was confirmed no longer works. You will log in with this one.'
          : 'You will log in with it from now on; other devices are logged out and your API tokens revoked.'
      }
    >
      <Stack gap="lg">
        <form onSubmit={handleSubmit} aria-label="New password">
          <Stack gap="md">
            <PasswordInput
              label="New Password"
              name="new-password"
              autoComplete="new-password"
              description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
              required
              minLength={PASSWORD_MIN_LENGTH}
              maxLength={128}
              autoFocus
              value={newPassword}
              onChange={(event) => setNewPassword(event.currentTarget.value)}
              visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the password' }}
            />
            <Button type="submit" fullWidth loading={reset.isPending}>
              Change
            </Button>
          </Stack>
        </form>
        <BackToLoginLink />
      </Stack>
    </CenteredPanel>
  );
}
