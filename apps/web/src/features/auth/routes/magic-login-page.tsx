import { t } from '../../../lib/i18n/i18n';
import { useSendMagicLink } from '../api/send-magic-link';
import { SendLinkPanel } from '../components/send-link-panel';

export function MagicLoginPage() {
  const send = useSendMagicLink();

  return (
    <SendLinkPanel
      title={t('auth.magicTitle')}
      subtitle={t('auth.magicSubtitle')}
      formLabel={t('auth.magicFormLabel')}
      submitLabel={t('auth.sendMagicLink')}
      send={send}
      sentToast={(email) => t('messages.emailSent', { email })}
      result="magic=true"
    />
  );
}
