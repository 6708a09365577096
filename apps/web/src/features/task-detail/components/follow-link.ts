import { type MouseEvent, useCallback } from 'react';
import { useNavigate } from 'react-router';

/**
 * A plain anchor's click handler that follows its `href` inside the app on a plain click (Enter on
 * the focused link is one); a middle or modified click (a new tab) stays the browser's. One handler for a whole list of rows: a plain anchor costs less to draw than the
 * router's `Link`, which runs its hooks in every row (as the board's cards do).
 */
export function useFollowLink() {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const href = event.currentTarget.getAttribute('href');
      if (!href) return;
      event.preventDefault();
      navigate(href);
    },
    [navigate],
  );
}
