import { useEffect, useRef } from 'react';
import { type Location, useLocation, useNavigate } from 'react-router';
import { useMe } from './api/get-me';
import { useUpdateTask } from './api/update-task';
import { paths } from './paths';
import { isTypingTarget } from './shortcuts';

/**
 * The field keys (docs/product.md#search-and-shortcuts): one letter opens the picker of a task's
 * field on its page, on a focused list row or on a focused board card, so a change is a key and a
 * pick instead of a walk through the page with Tab. `i` is no picker: it assigns the task to the
 * signed-in person.
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
function openFieldPicker(within: ParentNode, field: TaskField): boolean {
  const marked = within.querySelector<HTMLElement>(`[${FIELD_ATTRIBUTE}="${field}"]`);
  if (!marked) return false;
  // The mark may sit on a wrapper of a picker that takes no data attributes: its field is inside.
  const control = marked.matches('input, button')
    ? marked
    : (marked.querySelector<HTMLElement>('input') ??
      marked.querySelector<HTMLElement>('button[role="combobox"]') ??
      marked.querySelector<HTMLElement>('button') ??
      marked);
  control.focus();
  control.click();
  // Its current text selected, so a name typed in a searchable picker replaces it.
  if (control instanceof HTMLInputElement) control.select();
  return true;
}

/** Calls `onField` for each field key pressed while `enabled`, and keeps the key from the page. */
function useFieldKeys(onField: (field: TaskField, event: KeyboardEvent) => boolean, enabled = true) {
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

/** What a field key acts on: a task, and where its pickers are drawn. */
interface FieldKeyTarget {
  task: { task_id: string; assignee: { user_id: string } | null };
  /** The task page's side panel, a list row, a board card. */
  within: ParentNode;
  /** A row or a card: a field whose picker it does not show opens the task with that picker open. */
  compact?: boolean;
}

/** The location state that asks the task's page to open a field's picker once it is drawn. */
interface FieldAsked {
  fieldKey?: TaskField;
}

/**
 * The field keys for whatever `target` names when a key is pressed (null: nothing to act on, the
 * key goes on). The one implementation behind the task's page, the list's rows and the board's cards.
 */
export function useTaskFieldKeys(target: () => FieldKeyTarget | null, enabled = true) {
  const me = useMe();
  const update = useUpdateTask();
  const navigate = useNavigate();
  useFieldKeys((field) => {
    const found = target();
    if (!found) return false;
    const { task, within, compact } = found;
    if (field !== 'me') {
      if (openFieldPicker(within, field)) return true;
      if (!compact) return false;
      navigate(paths.task(task.task_id), { state: { fieldKey: field } satisfies FieldAsked });
      return true;
    }
    const person = me.data;
    if (!person) return false;
    if (task.assignee?.user_id !== person.user_id)
      update.mutate({
        taskId: task.task_id,
        changes: { assignee_id: person.user_id },
        assignee: { user_id: person.user_id, firstname: person.firstname, lastname: person.lastname },
      });
    return true;
  }, enabled);
}

/** The row or card that holds the focus inside `root`, else the one j and k selected; null without. */
function focusedTaskElement(root: Element | null): HTMLElement | null {
  if (!root) return null;
  const active = document.activeElement;
  const holder =
    active instanceof Element && root.contains(active) ? active.closest<HTMLElement>('[data-task-id]') : null;
  return (
    holder ??
    root.querySelector<HTMLElement>(
      '[data-task-id][aria-current="true"], [aria-current="true"] [data-task-id]',
    )
  );
}

/**
 * The field keys on a list's rows or a board's cards (`root`): they act on the row or card that
 * holds the focus, or else on the one j and k selected. `taskOf` reads a task by its id.
 */
export function useFocusedTaskFieldKeys(
  root: { current: Element | null },
  taskOf: (taskId: string) => FieldKeyTarget['task'] | undefined,
  enabled = true,
) {
  useTaskFieldKeys(() => {
    const element = focusedTaskElement(root.current);
    const task = element?.dataset.taskId ? taskOf(element.dataset.taskId) : undefined;
    return element && task ? { task, within: element, compact: true } : null;
  }, enabled);
}

/**
 * On the task's page: the picker a field key asked for on a row or a card (`location.state`), opened
 * once `within` holds it (the panel draws after the task arrives), then forgotten, so a reload or
 * Back does not open it again.
 */
export function useFieldAskedOnArrival(within: () => ParentNode | null, ready: boolean) {
  const location = useLocation() as Location<FieldAsked | null>;
  const navigate = useNavigate();
  const field = location.state?.fieldKey;
  useEffect(() => {
    if (!ready || !field) return;
    let frame = 0;
    let tries = 0;
    const attempt = () => {
      const panel = within();
      if (panel && openFieldPicker(panel, field)) {
        navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
        return;
      }
      // A picker drawn from code still on its way: tried again each frame, for about two seconds.
      if (++tries < 120) frame = requestAnimationFrame(attempt);
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
  }, [ready, field, within, navigate, location.pathname, location.search]);
}
