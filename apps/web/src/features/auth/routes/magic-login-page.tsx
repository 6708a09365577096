import { MESSAGES } from '@figgle/shared/constants';
import { Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { paths } from '../../../shared/paths';
import { CenteredPanel } from '../../../ui/centered-panel';
import { showErrorDialog } from '../../../ui/error-dialog';
import { toastSuccess } from '../../../ui/toast';
import { useSendMagicLink } from '../api/send-magic-link';
import { BackToLoginLink } from '../components/back-to-login-link';
import { EmailForm } from '../components/email-form';

export function MagicLoginPage() {
  const navigate = useNavigate();
  const send = useSendMagicLink();

  return (
    <CenteredPanel
      title="Log in with a magic link"
      subtitle="We will email you a link that logs you in, no password needed. It works once, for 15 minutes."
    >
      <Stack gap="lg">
        <EmailForm
          label="Magic link"
          submitLabel="Send link in my inbox"
          submitting={send.isPending}
          onSubmit={(email) =>
            send.mutate(email, {
              onSuccess: () => {
                toastSuccess(MESSAGES.emailSent(email));
                navigate(`${paths.authResult}?magic=true`);
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
