import { useColorSchemeChoice } from '../../shared/color-scheme-choice';

/**
 * Switches between light and dark at once and saves the choice with the account, as the Preferences
 * page does, so the palette's "Toggle dark mode" follows the person to their other devices.
 */
export function useToggleColorScheme(): () => void {
  const { scheme, choose } = useColorSchemeChoice();
  return () => choose(scheme === 'dark' ? 'light' : 'dark');
}
