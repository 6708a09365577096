import { PASSWORD_MIN_LENGTH } from '@figgle/shared/constants';
import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
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
    <CenteredPanel title={t('auth.resetTitle')} subtitle={t('auth.resetSubtitle')}>
      <Stack gap="lg">
        {linkFailed ? (
          <Alert
            color="yellow"
            variant="light"
            title={t('auth.resetLinkUnusable')}
            icon={<IconClockExclamation size={18} stroke={1.75} aria-hidden />}
            role="alert"
          >
            {t('auth.resetLinkUnusableHint')}
          </Alert>
        ) : null}
        <EmailForm
          label={t('auth.resetFormLabel')}
          submitLabel={t('auth.resetSubmit')}
          submitting={request.isPending}
          onSubmit={(email) =>
            request.mutate(email, {
              onSuccess: () => {
                toastSuccess(t('messages.passwordResetEmailSent'));
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
          toastSuccess(t('messages.passwordUpdated'));
          navigate(paths.login, { replace: true });
        },
        onError: (error) => void showErrorDialog(error),
      },
    );
  }

  return (
    <CenteredPanel
      title={confirmed ? t('auth.verifiedChoosePassword') : t('auth.chooseNewPassword')}
      subtitle={confirmed ? t('auth.verifiedPasswordHint') : t('auth.newPasswordHint')}
    >
      <Stack gap="lg">
        <form onSubmit={handleSubmit} aria-label={t('auth.newPasswordFormLabel')}>
          <Stack gap="md">
            <PasswordInput
              label={t('auth.newPasswordLabel')}
              name="new-password"
              autoComplete="new-password"
              description={t('auth.passwordMinLength', { count: PASSWORD_MIN_LENGTH })}
              required
              minLength={PASSWORD_MIN_LENGTH}
              maxLength={128}
              autoFocus
              value={newPassword}
              onChange={(event) => setNewPassword(event.currentTarget.value)}
              visibilityToggleButtonProps={{ 'aria-label': t('auth.showHidePassword') }}
            />
            <Button type="submit" fullWidth loading={reset.isPending}>
              {t('auth.change')}
            </Button>
          </Stack>
        </form>
        <BackToLoginLink />
      </Stack>
    </CenteredPanel>
  );
}
