import { describe, expect, it } from 'vitest';
import { isPaletteShortcut, isTypingTarget, keyLabel, SHORTCUTS } from './shortcuts';

/** What a key event exposes of its target, as a browser element has it. */
function keyOn(target: Record<string, unknown> | null, extra: { isComposing?: boolean } = {}) {
  return { target: target as EventTarget | null, ...extra };
}

const noEditableAncestor = () => null;

describe('isTypingTarget', () => {
  it.each(['text', 'search', 'email', 'password', 'number', 'url', 'tel', 'date'])(
    'says a key typed in an <input type="%s"> is typing',
    (type) => {
      expect(isTypingTarget(keyOn({ tagName: 'INPUT', type, closest: noEditableAncestor }))).toBe(true);
    },
  );

  it('counts text areas and selects as fields', () => {
    expect(isTypingTarget(keyOn({ tagName: 'TEXTAREA' }))).toBe(true);
    expect(isTypingTarget(keyOn({ tagName: 'SELECT' }))).toBe(true);
  });

  it('counts the rich-text editor (contenteditable) and anything inside it', () => {
    expect(isTypingTarget(keyOn({ tagName: 'DIV', isContentEditable: true }))).toBe(true);
    const insideEditor = {
      tagName: 'STRONG',
      closest: (selector: string) =>
        selector === '[contenteditable]:not([contenteditable="false"])' ? { tagName: 'DIV' } : null,
    };
    expect(isTypingTarget(keyOn(insideEditor))).toBe(true);
  });

  it.each(['checkbox', 'radio', 'button', 'submit', 'range'])(
    'lets shortcuts fire from an <input type="%s">, which takes no text',
    (type) => {
      expect(isTypingTarget(keyOn({ tagName: 'INPUT', type, closest: noEditableAncestor }))).toBe(false);
    },
  );

  it('lets shortcuts fire from the page, a link or a button', () => {
    expect(isTypingTarget(keyOn({ tagName: 'BODY', closest: noEditableAncestor }))).toBe(false);
    expect(isTypingTarget(keyOn({ tagName: 'A', closest: noEditableAncestor }))).toBe(false);
    expect(
      isTypingTarget(keyOn({ tagName: 'BUTTON', isContentEditable: false, closest: noEditableAncestor })),
    ).toBe(false);
    expect(isTypingTarget(keyOn(null))).toBe(false);
  });

  it('treats a key of an input method composing a character as typing, wherever it goes', () => {
    expect(
      isTypingTarget(keyOn({ tagName: 'BODY', closest: noEditableAncestor }, { isComposing: true })),
    ).toBe(true);
  });

  it('looks at the first element of the event’s path, so a field in a shadow root counts', () => {
    const event = {
      target: { tagName: 'CUSTOM-WIDGET', closest: noEditableAncestor } as unknown as EventTarget,
      composedPath: () => [{ tagName: 'INPUT', type: 'text' } as unknown as EventTarget],
    };
    expect(isTypingTarget(event)).toBe(true);
  });
});

describe('the shortcut list', () => {
  it('names each key once, with what it does', () => {
    const keys = SHORTCUTS.map((shortcut) => shortcut.keys.join(' '));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual(
      expect.arrayContaining(['Mod+K', '/', 'c', 'j', 'k', 'Enter', 'Esc', 'g i', 'g m', 'g p', '?']),
    );
    const fieldKeys = SHORTCUTS.filter((shortcut) => shortcut.field).map((shortcut) =>
      shortcut.keys.join(' '),
    );
    expect(fieldKeys).toEqual(['s', 'a', 'p', 'l', 'd', 'i']);
    for (const shortcut of SHORTCUTS) expect(shortcut.does()).not.toMatch(/^$|^shared\./);
  });

  it('writes Mod as ⌘ on Apple systems and Ctrl elsewhere', () => {
    expect(keyLabel('Mod+K', true)).toBe('⌘K');
    expect(keyLabel('Mod+K', false)).toBe('Ctrl+K');
    expect(keyLabel('g', true)).toBe('g');
  });
});

describe('isPaletteShortcut', () => {
  const key = (patch: Partial<KeyboardEvent>) => ({
    key: 'k',
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    ...patch,
  });

  it('takes Ctrl+K and ⌘K, with a caps lock on too', () => {
    expect(isPaletteShortcut(key({ ctrlKey: true }))).toBe(true);
    expect(isPaletteShortcut(key({ metaKey: true }))).toBe(true);
    expect(isPaletteShortcut(key({ ctrlKey: true, key: 'K' }))).toBe(true);
  });

  it('leaves k alone, and Ctrl+Shift+K or Ctrl+Alt+K', () => {
    expect(isPaletteShortcut(key({}))).toBe(false);
    expect(isPaletteShortcut(key({ ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isPaletteShortcut(key({ ctrlKey: true, altKey: true }))).toBe(false);
  });
});
