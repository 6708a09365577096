/**
 * The app's keyboard shortcuts (docs/product.md#search-and-shortcuts): the list "?" shows, and the
 * checks every key handler makes before acting. The handlers live with what they drive: the global
 * ones in app/shell/keyboard-shortcuts.tsx, j/k/Enter in the task list and My tasks, the field keys
 * on the task page, the list's rows and the board's cards.
 */
import { t } from '../lib/i18n/i18n';

interface Shortcut {
  /** Keys pressed one after the other; `Mod` is ⌘ on macOS and Ctrl elsewhere. */
  keys: readonly string[];
  /** What the shortcut does, in the words "?" shows (a function: the catalogue loads after this module). */
  does: () => string;
  /** A field key: acts on the task shown. */
  field?: boolean;
}

export const SHORTCUTS: readonly Shortcut[] = [
  { keys: ['Mod+K'], does: () => t('shared.shortcutPalette') },
  { keys: ['/'], does: () => t('shared.shortcutSearch') },
  { keys: ['c'], does: () => t('shared.shortcutCreateTask') },
  { keys: ['j'], does: () => t('shared.shortcutNextTask') },
  { keys: ['k'], does: () => t('shared.shortcutPreviousTask') },
  { keys: ['Enter'], does: () => t('shared.shortcutOpenTask') },
  { keys: ['Esc'], does: () => t('shared.shortcutClose') },
  { keys: ['g', 'i'], does: () => t('shared.shortcutGoInbox') },
  { keys: ['g', 'm'], does: () => t('shared.shortcutGoMyTasks') },
  { keys: ['g', 'p'], does: () => t('shared.shortcutGoProjects') },
  { keys: ['?'], does: () => t('shared.shortcutHelp') },
  // The field keys (shared/field-keys.ts), on a task's page, a focused row or a focused card.
  { keys: ['s'], does: () => t('shared.shortcutStatus'), field: true },
  { keys: ['a'], does: () => t('shared.shortcutAssignee'), field: true },
  { keys: ['p'], does: () => t('shared.shortcutPriority'), field: true },
  { keys: ['l'], does: () => t('shared.shortcutLabels'), field: true },
  { keys: ['d'], does: () => t('shared.shortcutDueDate'), field: true },
  { keys: ['i'], does: () => t('shared.shortcutAssignToMe'), field: true },
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
