import { describe, expect, it } from 'vitest';
import { fieldOfKey } from './field-keys';

const page = { tagName: 'BODY', closest: () => null };
const key = (name: string, patch: Record<string, unknown> = {}) => ({
  key: name,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  defaultPrevented: false,
  target: page as unknown as EventTarget,
  ...patch,
});

describe('fieldOfKey', () => {
  it('names the field of each field key pressed on the page', () => {
    expect(['s', 'a', 'p', 'l', 'd', 'i'].map((name) => fieldOfKey(key(name)))).toEqual([
      'status',
      'assignee',
      'priority',
      'labels',
      'due',
      'me',
    ]);
    expect(fieldOfKey(key('x'))).toBeNull();
    expect(fieldOfKey(key('S'))).toBeNull();
  });

  it('leaves the key alone with Ctrl, ⌘ or Alt held, or once something else took it', () => {
    for (const held of ['ctrlKey', 'metaKey', 'altKey', 'defaultPrevented'])
      expect(fieldOfKey(key('s', { [held]: true }))).toBeNull();
  });

  it('leaves the key alone in a text field, a text area or the editor', () => {
    const field = { tagName: 'INPUT', type: 'text', closest: () => null };
    expect(fieldOfKey(key('s', { target: field }))).toBeNull();
    expect(fieldOfKey(key('a', { target: { tagName: 'TEXTAREA' } }))).toBeNull();
    expect(fieldOfKey(key('p', { target: { tagName: 'DIV', isContentEditable: true } }))).toBeNull();
  });

  it('leaves the key alone inside a menu or a dialog', () => {
    const inMenu = {
      tagName: 'BUTTON',
      closest: (selector: string) => (selector.includes('menu') ? {} : null),
    };
    expect(fieldOfKey(key('l', { target: inMenu }))).toBeNull();
  });
});
