import { useEffect } from 'react';
import { t } from '../../../lib/i18n/i18n';
import { toastError } from '../../../ui/toast';

/** The catalogue's 'Error' toast for profile and settings load failures, once per failure. */
export function useLoadErrorToast(failed: boolean): void {
  useEffect(() => {
    if (failed) toastError(t('messages.error'));
  }, [failed]);
}
