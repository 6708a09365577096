import type { CreatedApiToken } from '@figgle/shared/api-token-schemas';
import { t, tRich } from '../../../lib/i18n/i18n';
import { ShownOncePanel } from './shown-once-panel';

/** The new token, shown once: copied now, or lost (only its hash is kept). */
export function CreatedApiTokenPanel({ created, onDone }: { created: CreatedApiToken; onDone: () => void }) {
  return (
    <ShownOncePanel
      title={t('settings.newTokenTitle', { name: created.name })}
      intro={tRich('settings.newTokenCopyNow', { strong: (chunks) => <strong>{chunks}</strong> })}
      label={t('settings.token')}
      value={created.token}
      copyLabel={t('settings.copyToken')}
      onDone={onDone}
    />
  );
}
