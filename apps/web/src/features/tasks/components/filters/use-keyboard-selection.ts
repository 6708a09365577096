import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../../shared/paths';
import { isTypingTarget } from '../../../../shared/shortcuts';

/** Controls that answer Enter themselves: a link, a button, a picker. */
const OWN_ENTER = 'a[href], button, [role="button"], [role="combobox"], [role="option"], [role="menuitem"]';

/** A key meant for a dialog, a menu or a popover open above the view, not for the view. */
function isInOverlay(target: EventTarget | null): boolean {
  return (
    target instanceof Element &&
    target.closest('[role="dialog"], [role="menu"], [role="listbox"], [data-position]') !== null
  );
}

interface KeyboardSelection {
  selectedId: string | null;
}

/**
 * j and k move the selection down and up the view's tasks (`ids`, in the order shown), Enter opens
 * the selected task and Escape lets it go. None of them fires while the person types in a field or
 * the editor, nor inside a dialog or menu. `onMove` brings the selected task into view.
 */
export function useKeyboardSelection(
  ids: readonly string[],
  { enabled = true, onMove }: { enabled?: boolean; onMove?: (id: string, index: number) => void } = {},
): KeyboardSelection {
  const navigate = useNavigate();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // Read by the one listener, so it is not added again on each change of the view.
  const latest = useRef({ ids, selectedId, onMove, navigate });
  latest.current = { ids, selectedId, onMove, navigate };
  /** Where the selection was, so j after its task left the view goes on from there. */
  const lastIndex = useRef(-1);

  useEffect(() => {
    if (!enabled) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event) || isInOverlay(event.target)) return;
      const { ids, selectedId, onMove, navigate } = latest.current;
      if (event.key === 'j' || event.key === 'k') {
        if (ids.length === 0) return;
        const at = selectedId === null ? -1 : ids.indexOf(selectedId);
        let index: number;
        if (at >= 0) index = event.key === 'j' ? Math.min(ids.length - 1, at + 1) : Math.max(0, at - 1);
        else if (selectedId !== null && lastIndex.current >= 0)
          index = Math.min(ids.length - 1, event.key === 'j' ? lastIndex.current : lastIndex.current - 1);
        else index = 0;
        index = Math.max(0, index);
        event.preventDefault();
        const id = ids[index]!;
        lastIndex.current = index;
        setSelectedId(id);
        // A control that kept the focus (a picker clicked earlier) would take the Enter that follows.
        const focused = document.activeElement;
        if (focused instanceof HTMLElement && focused !== document.body && focused.matches(OWN_ENTER))
          focused.blur();
        onMove?.(id, index);
        return;
      }
      if (event.key === 'Enter' && selectedId !== null && ids.includes(selectedId)) {
        if (event.target instanceof Element && event.target.closest(OWN_ENTER)) return;
        event.preventDefault();
        navigate(paths.task(selectedId));
        return;
      }
      if (event.key === 'Escape' && selectedId !== null) setSelectedId(null);
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);

  return { selectedId };
}
