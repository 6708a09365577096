import { Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
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
    <CenteredPanel title={t('auth.magicTitle')} subtitle={t('auth.magicSubtitle')}>
      <Stack gap="lg">
        <EmailForm
          label={t('auth.magicFormLabel')}
          submitLabel={t('auth.sendMagicLink')}
          submitting={send.isPending}
          onSubmit={(email) =>
            send.mutate(email, {
              onSuccess: () => {
                toastSuccess(t('messages.emailSent', { email }));
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
