import { Center, Loader } from '@mantine/core';
import { t } from '../lib/i18n/i18n';

export function PageLoader() {
  return (
    <Center mih="60dvh" role="status" aria-label={t('ui.loading')}>
      <Loader size="sm" type="dots" />
    </Center>
  );
}
