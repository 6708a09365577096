import { t } from '../../../lib/i18n/i18n';
import { useFailureToast } from '../../../ui/toast';

/** The catalogue's 'Error' toast for profile and settings load failures, once per failure. */
export function useLoadErrorToast(failed: boolean): void {
  useFailureToast(failed, t('messages.error'));
}
