import { Alert, Button, Stack } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
import { paths } from '../../../shared/paths';
import { CenteredPanel } from '../../../ui/centered-panel';
import { showErrorDialog } from '../../../ui/error-dialog';
import { NewPasswordField } from '../../../ui/password-field';
import { toastSuccess } from '../../../ui/toast';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { useResetPassword } from '../api/reset-password';
import { BackToLoginLink } from '../components/back-to-login-link';
import { SendLinkPanel } from '../components/send-link-panel';

/** Without a token: ask for the email. With the token of the emailed link: choose the new password. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  if (!token) return <RequestReset linkFailed={searchParams.has('error')} />;
  return <NewPasswordForm token={token} confirmed={searchParams.has('confirmed')} />;
}

function RequestReset({ linkFailed }: { linkFailed: boolean }) {
  const request = useRequestPasswordReset();
  return (
    <SendLinkPanel
      title={t('auth.resetTitle')}
      subtitle={t('auth.resetSubtitle')}
      formLabel={t('auth.resetFormLabel')}
      submitLabel={t('auth.resetSubmit')}
      send={request}
      sentToast={() => t('messages.passwordResetEmailSent')}
      result="password=true"
      notice={
        linkFailed ? (
          <Alert
            color="yellow"
            variant="light"
            title={t('auth.resetLinkUnusable')}
            icon={<IconClockExclamation size={18} stroke={1.75} aria-hidden />}
            role="alert"
          >
            {t('auth.resetLinkUnusableHint')}
          </Alert>
        ) : null
      }
    />
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
            <NewPasswordField
              label={t('auth.newPasswordLabel')}
              name="new-password"
              autoFocus
              value={newPassword}
              onChange={(event) => setNewPassword(event.currentTarget.value)}
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
