import { MESSAGES } from '@figgle/shared/constants';
import { useEffect } from 'react';
import { toastError } from '../../../ui/toast';

/** The catalogue's 'Error' toast for profile and settings load failures, once per failure. */
export function useLoadErrorToast(failed: boolean): void {
  useEffect(() => {
    if (failed) toastError(MESSAGES.error);
  }, [failed]);
}
