import { describe, expect, it } from 'vitest';
import { matchEntry } from './palette-match';

describe('matchEntry', () => {
  it('answers every entry, unmarked, for an empty text', () => {
    expect(matchEntry('Go to Inbox', [], '  ')).toEqual({ text: 'Go to Inbox', marks: [] });
  });

  it('matches the starts of the label’s words, in any order, and marks them', () => {
    expect(matchEntry('Go to Inbox', [], 'inb go')).toEqual({
      text: 'Go to Inbox',
      marks: [
        [6, 9],
        [0, 2],
      ],
    });
    expect(matchEntry('Toggle dark mode', [], 'DARK')?.marks).toEqual([[7, 11]]);
  });

  it('matches a keyword without marking the label', () => {
    expect(matchEntry('Toggle dark mode', ['theme'], 'them')).toEqual({
      text: 'Toggle dark mode',
      marks: [],
    });
  });

  it('forgives accents both ways', () => {
    expect(matchEntry('Équipe café', [], 'equipe cafe')?.marks).toEqual([
      [0, 6],
      [7, 11],
    ]);
    expect(matchEntry('Settings', ['préférences'], 'prefer')).not.toBeNull();
  });

  it('refuses when one word typed matches nothing, or matches only inside a word', () => {
    expect(matchEntry('Go to Inbox', [], 'go dash')).toBeNull();
    expect(matchEntry('Go to Inbox', [], 'box')).toBeNull();
  });
});
