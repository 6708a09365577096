import { useEffect, useState } from 'react';

/**
 * Whether a lazy part of the timeline (a menu, a dialog: code the first paint does not show) has
 * arrived: fetched once the browser is idle after the page's first paint, so it stays off the
 * requests the bars wait for. Until then the caller mounts it only when it is asked for.
 */
export function useIdleReady(preload: () => Promise<unknown>): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    const load = () =>
      void preload().then(
        () => live && setReady(true),
        // Offline: fetched again when the part is asked for.
        () => undefined,
      );
    const idle = window.requestIdleCallback?.(load, { timeout: 2_000 });
    const timer = idle === undefined ? window.setTimeout(load, 500) : undefined;
    return () => {
      live = false;
      if (idle !== undefined) window.cancelIdleCallback(idle);
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, [preload]);
  return ready;
}
