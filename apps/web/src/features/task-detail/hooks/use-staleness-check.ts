import { STALE_CHECK_INTERVAL_MS, STALE_THRESHOLD_MS } from '@figgle/shared/constants';
import { useEffect, useRef } from 'react';

/**
 * Every 5 s (docs/product.md#task-page), if the task's data is older than 60 s (no live update refreshed it meanwhile),
 * read it again. `lastUpdate` is when the cached data last changed, by a fetch or a live event.
 */
export function useStalenessCheck(lastUpdate: number, refresh: () => void): void {
  const state = useRef({ lastUpdate, refresh });
  state.current = { lastUpdate, refresh };
  useEffect(() => {
    const interval = window.setInterval(() => {
      const { lastUpdate: at, refresh: reload } = state.current;
      if (at > 0 && Date.now() - at > STALE_THRESHOLD_MS) reload();
    }, STALE_CHECK_INTERVAL_MS);
    return () => window.clearInterval(interval);
  }, []);
}
