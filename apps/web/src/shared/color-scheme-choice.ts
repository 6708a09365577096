import { useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { t } from '../lib/i18n/i18n';
import { toastError } from '../ui/toast';
import { useUpdateMe } from './api/update-me';

/**
 * The colour scheme shown now, and the choice of another: applied at once and saved with the
 * account, so it follows the person to their other devices; put back, with a toast, if the save fails.
 * The Preferences page's switch and the palette's "Toggle dark mode" both choose through it.
 */
export function useColorSchemeChoice(): {
  scheme: 'light' | 'dark';
  choose: (next: 'light' | 'dark') => void;
} {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const updateMe = useUpdateMe();
  function choose(next: 'light' | 'dark') {
    const previous = scheme;
    setColorScheme(next);
    updateMe.mutate(
      { color_scheme: next },
      {
        onError: () => {
          setColorScheme(previous);
          toastError(t('messages.saveFailed'));
        },
      },
    );
  }
  return { scheme, choose };
}
