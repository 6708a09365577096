import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isTypingTarget } from '../../../../shared/shortcuts';
import { clickRow, shownSelection } from './row-selection';

const NONE: ReadonlySet<string> = new Set();

/** A key meant for a dialog, a menu or a popover open above the list, not for the list. */
function isInOverlay(target: EventTarget | null): boolean {
  return (
    target instanceof Element &&
    target.closest('[role="dialog"], [role="menu"], [role="listbox"], [data-position]') !== null
  );
}

export interface RowSelection {
  /** The ticked rows still shown, in list order. */
  ids: string[];
  has: (id: string) => boolean;
  /** A checkbox's click: Shift ticks the range from the last row clicked. */
  click: (id: string, shift: boolean) => void;
  /** The header's checkbox: every row shown, or none. */
  toggleAll: () => void;
  clear: () => void;
}

/**
 * The list's ticked rows. Ctrl+A (⌘A on a Mac) ticks every row shown, Escape unticks them all;
 * neither fires while typing in a field or inside a dialog or menu, where they keep their usual
 * meaning. `order` is the rows as drawn.
 */
export function useRowSelection(order: readonly string[]): RowSelection {
  const [selected, setSelected] = useState<ReadonlySet<string>>(NONE);
  const anchor = useRef<string | null>(null);
  const ids = useMemo(() => shownSelection(selected, order), [selected, order]);
  const latest = useRef({ order, count: ids.length });
  latest.current = { order, count: ids.length };

  const click = useCallback((id: string, shift: boolean) => {
    // Read now: the updater runs later, after the anchor has moved to this row.
    const from = anchor.current;
    const { order } = latest.current;
    setSelected((current) => clickRow(current, order, from, id, shift));
    anchor.current = id;
  }, []);
  const toggleAll = useCallback(() => {
    const { order, count } = latest.current;
    setSelected(count === order.length ? NONE : new Set(order));
  }, []);
  const clear = useCallback(() => setSelected(NONE), []);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || isTypingTarget(event) || isInOverlay(event.target)) return;
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'a') {
        event.preventDefault();
        setSelected(new Set(latest.current.order));
      } else if (event.key === 'Escape' && latest.current.count > 0) {
        setSelected(NONE);
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return { ids, has: (id) => selected.has(id), click, toggleAll, clear };
}
