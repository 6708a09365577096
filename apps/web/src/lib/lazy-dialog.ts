import { useDisclosure } from '@mantine/hooks';
import { useCallback, useEffect, useState } from 'react';

/**
 * A dialog whose code is a chunk of its own (a lazyReady component), kept off a page's first render:
 * fetched once the page is idle with its data shown (`preloadWhenIdle`), or when the pointer or focus
 * reaches its button (`preload`). Render it only when `ready`: it is then mounted closed, so the
 * modal sees itself open and gives the focus back to the button when it closes, as any dialog does.
 * Opened before its code is here, it opens the frame after the code arrives.
 */
export function useLazyDialog(dialog: { preload: () => Promise<unknown> }, preloadWhenIdle: boolean) {
  const [opened, handlers] = useDisclosure(false);
  const [ready, setReady] = useState(false);
  const load = useCallback(() => dialog.preload().then(() => setReady(true)), [dialog]);

  useEffect(() => {
    if (!preloadWhenIdle) return;
    const run = () => void load();
    const idle = window.requestIdleCallback?.(run, { timeout: 2_000 });
    const timer = idle === undefined ? window.setTimeout(run, 500) : undefined;
    return () => {
      if (idle !== undefined) window.cancelIdleCallback(idle);
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, [preloadWhenIdle, load]);

  const open = () => {
    if (ready) handlers.open();
    else void load().then(() => requestAnimationFrame(handlers.open));
  };
  return { ready, opened, open, close: handlers.close, preload: () => void load() };
}
