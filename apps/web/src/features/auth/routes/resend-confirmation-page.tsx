import { Stack } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
import { paths } from '../../../shared/paths';
import { CenteredPanel } from '../../../ui/centered-panel';
import { showErrorDialog } from '../../../ui/error-dialog';
import { toastSuccess } from '../../../ui/toast';
import { useResendConfirmation } from '../api/resend-confirmation';
import { BackToLoginLink } from '../components/back-to-login-link';
import { EmailForm } from '../components/email-form';

export function ResendConfirmationPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const resend = useResendConfirmation();

  return (
    <CenteredPanel title={t('auth.resendTitle')} subtitle={t('auth.resendSubtitle')}>
      <Stack gap="lg">
        <EmailForm
          label={t('auth.resendFormLabel')}
          submitLabel={t('auth.resendSubmit')}
          initialEmail={searchParams.get('email') ?? ''}
          submitting={resend.isPending}
          onSubmit={(email) =>
            resend.mutate(email, {
              onSuccess: () => {
                toastSuccess(t('messages.emailSent', { email }));
                navigate(`${paths.authResult}?confirmation=true`);
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
