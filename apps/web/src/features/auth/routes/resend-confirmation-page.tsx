import { useSearchParams } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
import { useResendConfirmation } from '../api/resend-confirmation';
import { SendLinkPanel } from '../components/send-link-panel';

export function ResendConfirmationPage() {
  const [searchParams] = useSearchParams();
  const resend = useResendConfirmation();

  return (
    <SendLinkPanel
      title={t('auth.resendTitle')}
      subtitle={t('auth.resendSubtitle')}
      formLabel={t('auth.resendFormLabel')}
      submitLabel={t('auth.resendSubmit')}
      initialEmail={searchParams.get('email') ?? ''}
      send={resend}
      sentToast={(email) => t('messages.emailSent', { email })}
      result="confirmation=true"
    />
  );
}
