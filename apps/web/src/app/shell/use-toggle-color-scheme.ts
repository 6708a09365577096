import { useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { t } from '../../lib/i18n/i18n';
import { useUpdateMe } from '../../shared/api/update-me';
import { toastError } from '../../ui/toast';

/**
 * Switches between light and dark at once and saves the choice with the account, as the Preferences
 * page does, so the palette's "Toggle dark mode" follows the person to their other devices.
 */
export function useToggleColorScheme(): () => void {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const updateMe = useUpdateMe();
  return () => {
    const previous = computed;
    const next = computed === 'dark' ? 'light' : 'dark';
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
  };
}
