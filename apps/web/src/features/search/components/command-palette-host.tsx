import { Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { lazyReady, preloadWhenIdle } from '../../../lib/lazy-ready';
import type { CommandPaletteProps } from './command-palette';
import { paletteStore } from './palette-store';

/** The palette's code (Spotlight, its results) is a chunk of its own, fetched when the page is idle. */
const CommandPalette = lazyReady<CommandPaletteProps>(
  async () => (await import('./command-palette')).CommandPalette,
);

/** Loads the command palette's code ahead of need, e.g. when the pointer reaches the Search button. */
export const preloadCommandPalette = CommandPalette.preload;

/**
 * Where the command palette lives in the shell: mounted from its first opening on (its code is
 * usually there already), and kept so that it can close with its transition.
 */
export function CommandPaletteHost(props: CommandPaletteProps) {
  // Only whether it is open: the palette's own typing and selection must not render the shell's part.
  const opened = useSyncExternalStore(paletteStore.subscribe, () => paletteStore.getState().opened);
  const [used, setUsed] = useState(false);
  if (opened && !used) setUsed(true);
  useEffect(() => preloadWhenIdle(CommandPalette.preload), []);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <CommandPalette {...props} />
    </Suspense>
  );
}
