import { describe, expect, it } from 'vitest';
import { catalogueProblems, hasWords, messageArguments, scanSource } from './check-i18n.mjs';

describe('the catalogues check', () => {
  const english = {
    save: 'Save',
    taskCount: '{count, plural, one {# task} other {# tasks}}',
    deleted: 'Project {name} deleted by <b>{who}</b>.',
  };

  it('passes catalogues with the same keys and arguments', () => {
    const german = {
      save: 'Speichern',
      taskCount: '{count, plural, one {# Aufgabe} other {# Aufgaben}}',
      deleted: 'Projekt {name} von <b>{who}</b> gelöscht.',
    };
    expect(catalogueProblems({ common: { en: english, de: german } }, { languages: ['en', 'de'] })).toEqual(
      [],
    );
  });

  it('names a missing key, an extra key, a message that is not ICU, and a lost argument or tag', () => {
    const german = {
      taskCount: '{count, plural, one {# Aufgabe}',
      deleted: 'Projekt von {who} gelöscht.',
      extra: 'Mehr',
    };
    expect(catalogueProblems({ common: { en: english, de: german } }, { languages: ['en', 'de'] })).toEqual([
      'common.save: missing in de',
      'common.extra: in de but not in English',
      expect.stringMatching(/^common\.taskCount \(de\): not ICU/),
      'common.deleted (de): tags none, English has b',
      'common.deleted (de): leaves out {name}',
    ]);
  });

  it('lets a language use an argument English does not only when every call passes it', () => {
    const french = {
      save: 'Enregistrer',
      taskCount: '{count, plural, one {# tâche} other {# tâches}}',
      deleted: '{kind, select, TASK {Supprimée} other {Supprimé}} : {name} par <b>{who}</b>.',
    };
    const catalogues = { common: { en: english, fr: french } };
    expect(catalogueProblems(catalogues, { languages: ['en', 'fr'] })).toEqual([
      'common.deleted (fr): uses {kind}, which English does not and not every call passes',
    ]);
    const passed = new Map([['common.deleted', ['name', 'who', 'kind']]]);
    expect(catalogueProblems(catalogues, { languages: ['en', 'fr'], passed })).toEqual([]);
  });

  it('reads the arguments of a message by kind', () => {
    const found = messageArguments('{n, plural, one {# by {who}} other {#}} <link>{date, date}</link>');
    expect([...found.simple].sort()).toEqual(['date', 'who']);
    expect([...found.selectors]).toEqual(['n']);
    expect([...found.tags]).toEqual(['link']);
  });
});

describe('the source check', () => {
  const source = `
export function Sample({ n }) {
  const options = () => [{ value: 'HIGH', label: 'High' }, { value: 'x', label: t('tasks.low') }];
  toastError(n ? t('messages.saveFailed') : 'The rule could not be saved.');
  return (
    <Stack>
      <Button title="Close it" aria-label={n ? 'Open' : t('common.close')} data-testid="close-button">
        Save changes
      </Button>
      <Kbd>Esc</Kbd> {' · '} Figma <TextInput placeholder="https://example.com/hook" />
      <Text>{tRich('settings.readGuide', { link: (chunks) => chunks })} {t(\`messages.authCards.\${n}\`)}</Text>
      {/* i18n-ignore: a sample of the user's own data */}
      <p>Kept as it is</p>
    </Stack>
  );
}`;

  it('finds every hard-coded visible string, and leaves symbols, product names, keys and samples alone', () => {
    expect(scanSource('sample.tsx', source).strings).toEqual([
      { line: 3, text: 'High' },
      { line: 4, text: 'The rule could not be saved.' },
      { line: 7, text: 'Close it' },
      { line: 7, text: 'Open' },
      { line: 8, text: 'Save changes' },
    ]);
  });

  it("collects the keys of t() and tRich(), a template's start, and what each call passes", () => {
    expect(scanSource('sample.tsx', source).keys).toEqual([
      { key: 'tasks.low', line: 3, values: [] },
      { key: 'messages.saveFailed', line: 4, values: [] },
      { key: 'common.close', line: 7, values: [] },
      { key: 'settings.readGuide', line: 11, values: ['link'] },
      { prefix: 'messages.authCards.', line: 11 },
    ]);
  });

  it('counts words, not symbols, product names or tokens', () => {
    expect(hasWords('Save')).toBe(true);
    expect(hasWords(' · ')).toBe(false);
    expect(hasWords('Figma · Dev Mode')).toBe(false);
    expect(hasWords('figd_…')).toBe(false);
    expect(hasWords('https://example.com')).toBe(false);
    expect(hasWords('Done.')).toBe(true);
  });
});
