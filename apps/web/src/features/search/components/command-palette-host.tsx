import { Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { lazyReady } from '../../../lib/lazy-ready';
import { isTypingTarget } from '../../../shared/shortcuts';
import type { CommandPaletteProps } from './command-palette';
import { paletteStore } from './palette-store';

/**
 * The palette's code (Spotlight, its results) is a chunk of its own, fetched on the first sign that
 * it may be wanted: the pointer or the focus on the Search button, or a first shortcut key (Ctrl or ⌘,
 * the first half of Ctrl+K, or a key typed outside a field). Not when the page is idle: most visits
 * never open it, and on /projects it was 11 KB of the first load's budget
 * (docs/machinery/first-load-javascript.md).
 */
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
  useEffect(() => preloadOnFirstShortcutKey(), []);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <CommandPalette {...props} />
    </Suspense>
  );
}

/** Fetches the palette's code at the first key that may open it; answers the listener's removal. */
function preloadOnFirstShortcutKey(): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Control' && event.key !== 'Meta' && isTypingTarget(event)) return;
    window.removeEventListener('keydown', onKeyDown, true);
    // Offline without the kept shell: the palette asks again when it opens.
    CommandPalette.preload().catch(() => undefined);
  };
  window.addEventListener('keydown', onKeyDown, true);
  return () => window.removeEventListener('keydown', onKeyDown, true);
}
