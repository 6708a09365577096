/**
 * The app's keyboard shortcuts (docs/product.md#search-and-shortcuts): the list "?" shows, and the
 * checks every key handler makes before acting. The handlers live with what they drive: the global
 * ones in app/shell/keyboard-shortcuts.tsx, j/k/Enter in the task list and My tasks, the field keys
 * on the task page, the list's rows and the board's cards.
 */

interface Shortcut {
  /** Keys pressed one after the other; `Mod` is ⌘ on macOS and Ctrl elsewhere. */
  keys: readonly string[];
  /** What the shortcut does, in the words "?" shows. */
  does: string;
  /** A field key: acts on the task shown. */
  field?: boolean;
}

export const SHORTCUTS: readonly Shortcut[] = [
  { keys: ['Mod+K'], does: 'Open the command palette' },
  { keys: ['/'], does: 'Search' },
  { keys: ['c'], does: 'Create a task in the current project' },
  { keys: ['j'], does: 'Select the next task (task list and My tasks)' },
  { keys: ['k'], does: 'Select the previous task (task list and My tasks)' },
  { keys: ['Enter'], does: 'Open the selected task' },
  { keys: ['Esc'], does: 'Close the picker, the dialog, the palette or the task' },
  { keys: ['g', 'i'], does: 'Go to Inbox' },
  { keys: ['g', 'm'], does: 'Go to My tasks' },
  { keys: ['g', 'p'], does: 'Go to Projects' },
  { keys: ['?'], does: 'Show the keyboard shortcuts' },
  // The field keys (shared/field-keys.ts), on a task's page, a focused row or a focused card.
  { keys: ['s'], does: 'Change the status', field: true },
  { keys: ['a'], does: 'Change the assignee', field: true },
  { keys: ['p'], does: 'Change the priority', field: true },
  { keys: ['l'], does: 'Change the labels', field: true },
  { keys: ['d'], does: 'Change the due date', field: true },
  { keys: ['i'], does: 'Assign to me', field: true },
];

/** Inputs whose keys do not write text: a shortcut may fire while one of them has the focus. */
const NON_TEXT_INPUTS = new Set([
  'button',
  'checkbox',
  'color',
  'file',
  'hidden',
  'image',
  'radio',
  'range',
  'reset',
  'submit',
]);

/** What a key handler needs of an event: where the key went, and whether an IME is composing. */
interface KeyEventLike {
  target: EventTarget | null;
  isComposing?: boolean;
  composedPath?: () => EventTarget[];
}

/** What is read of the element the key went to; a DOM element has all of it. */
interface ElementLike {
  tagName?: string;
  type?: string;
  isContentEditable?: boolean;
  closest?: (selector: string) => unknown;
}

/**
 * Whether the key was typed into something that takes text: a text field, a text area, a select, or
 * an editable element such as the rich-text editor. Shortcuts never fire then. The first element of
 * the event's path counts, so a field inside a shadow root is seen too.
 */
export function isTypingTarget(event: KeyEventLike): boolean {
  if (event.isComposing) return true;
  const target = (event.composedPath?.()[0] ?? event.target) as ElementLike | null;
  if (!target || typeof target !== 'object') return false;
  const tag = target.tagName?.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') return !NON_TEXT_INPUTS.has((target.type ?? 'text').toLowerCase());
  if (target.isContentEditable) return true;
  return Boolean(target.closest?.('[contenteditable]:not([contenteditable="false"])'));
}

/** macOS (and iOS) name the command key where other systems use Ctrl. */
export function isApplePlatform(): boolean {
  if (typeof navigator === 'undefined') return false;
  const platform =
    (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ??
    navigator.platform ??
    '';
  return /mac|iphone|ipad|ipod/i.test(platform);
}

/** A key as the "?" list and the sidebar's hint write it: `Mod+K` becomes ⌘K or Ctrl+K. */
export function keyLabel(key: string, apple = isApplePlatform()): string {
  return key.replace(/^Mod\+/, apple ? '⌘' : 'Ctrl+');
}

/** Ctrl+K, or ⌘K on macOS: opens the command palette from anywhere, fields and editor included. */
export function isPaletteShortcut(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>,
) {
  return (
    event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey
  );
}
