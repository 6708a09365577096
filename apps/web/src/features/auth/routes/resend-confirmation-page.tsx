import { MESSAGES } from '@figgle/shared/constants';
import { Stack } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
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
    <CenteredPanel
      title="Resend the confirmation"
      subtitle="Enter the email you registered with to receive a new confirmation link."
    >
      <Stack gap="lg">
        <EmailForm
          label="Resend confirmation"
          submitLabel="Create"
          initialEmail={searchParams.get('email') ?? ''}
          submitting={resend.isPending}
          onSubmit={(email) =>
            resend.mutate(email, {
              onSuccess: () => {
                toastSuccess(MESSAGES.emailSent(email));
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
