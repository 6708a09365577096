import { CommandPaletteHost } from '../../features/search/components/command-palette-host';
import { useToggleColorScheme } from './use-toggle-color-scheme';

/** The command palette, given what it needs from other features (saving the colour scheme). */
export function ShellPalette() {
  const toggleColorScheme = useToggleColorScheme();
  return <CommandPaletteHost onToggleColorScheme={toggleColorScheme} />;
}
