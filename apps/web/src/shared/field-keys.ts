import { useEffect, useRef } from 'react';
import { isTypingTarget } from './shortcuts';

/**
 * The field keys (docs/product.md#search-and-shortcuts): one letter opens the picker of a task's
 * field on its page, so a change is a key and a pick instead of a walk through the page with Tab.
 * `i` is no picker: it assigns the task to the signed-in person.
 */
const FIELD_KEYS = {
  s: 'status',
  a: 'assignee',
  p: 'priority',
  l: 'labels',
  d: 'due',
  i: 'me',
} as const;

export type TaskField = (typeof FIELD_KEYS)[keyof typeof FIELD_KEYS];

/** The attribute that marks the control a field key opens: `data-field-key="status"`. */
const FIELD_ATTRIBUTE = 'data-field-key';

/** A dialog, menu, listbox, toolbar or popover takes the letters typed in it, as for the other keys. */
const OVERLAY = '[role="dialog"], [role="menu"], [role="listbox"], [role="toolbar"], [data-position]';

type KeyEventLike = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'defaultPrevented'> &
  Parameters<typeof isTypingTarget>[0];

/**
 * The field a key names, or null: never while typing in a field or the editor, with Ctrl, ⌘ or Alt
 * held (the browser's and the system's own keys), inside a dialog or a menu, or behind a modal.
 */
export function fieldOfKey(event: KeyEventLike): TaskField | null {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return null;
  const field = FIELD_KEYS[event.key as keyof typeof FIELD_KEYS];
  if (!field || isTypingTarget(event)) return null;
  const target = event.target as { closest?: (selector: string) => unknown } | null;
  if (target?.closest?.(OVERLAY)) return null;
  if (typeof document !== 'undefined' && document.querySelector('[aria-modal="true"]')) return null;
  return field;
}

/**
 * Opens the picker marked for `field` inside `within`: focused, its list open, so arrows and Enter
 * pick. A Mantine select opens on a click; a deferred one (lists, boards) swaps in its open select.
 * Returns whether there was one.
 */
export function openFieldPicker(within: ParentNode, field: TaskField): boolean {
  const marked = within.querySelector<HTMLElement>(`[${FIELD_ATTRIBUTE}="${field}"]`);
  if (!marked) return false;
  // The mark may sit on a wrapper of a picker that takes no data attributes: its field is inside.
  const control = marked.matches('input, button') ? marked : (marked.querySelector('input') ?? marked);
  control.focus();
  control.click();
  // Its current text selected, so a name typed in a searchable picker replaces it.
  if (control instanceof HTMLInputElement) control.select();
  return true;
}

/** Calls `onField` for each field key pressed while `enabled`, and keeps the key from the page. */
export function useFieldKeys(onField: (field: TaskField, event: KeyboardEvent) => boolean, enabled = true) {
  // Read by the one listener, so it is not added again on each render.
  const latest = useRef(onField);
  latest.current = onField;
  useEffect(() => {
    if (!enabled) return;
    function onKeyDown(event: KeyboardEvent) {
      const field = fieldOfKey(event);
      if (field && latest.current(field, event)) event.preventDefault();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
