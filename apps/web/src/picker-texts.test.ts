import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every picker follows one rule (docs/product.md#shared-widgets): "Select ..." while nothing is
 * chosen, "None" when what was typed matches no option. The texts are MESSAGES' own, so a new
 * picker with words of its own ("Any project", "Choose a project") fails here, wherever it is.
 */

const root = path.dirname(fileURLToPath(import.meta.url));
/** The task finder searches the server as one types, and says what to type: a search field, not a picker. */
const SEARCH_FIELDS = new Set(['features/task-detail/components/task-finder.tsx']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.tsx') ? [file] : [];
  });
}

/**
 * The text of each `<Select …>` and `<MultiSelect …>` opening tag of a file, braces, strings and line
 * comments skipped.
 */
function pickerTags(source: string): string[] {
  const tags: string[] = [];
  for (const match of source.matchAll(/<(Select|MultiSelect)\s/g)) {
    let depth = 0;
    let quote: string | null = null;
    let end = match.index + match[0].length;
    for (; end < source.length; end++) {
      const char = source[end];
      if (quote) {
        if (char === quote && source[end - 1] !== '\\') quote = null;
      } else if (char === '/' && source[end + 1] === '/') {
        // A comment between the props (its apostrophes are not quotes): skipped to its line's end.
        end = source.indexOf('\n', end);
        if (end === -1) end = source.length;
      } else if (char === '"' || char === "'" || char === '`') quote = char;
      else if (char === '{') depth++;
      else if (char === '}') depth--;
      else if (char === '>' && depth === 0) break;
    }
    tags.push(source.slice(match.index, end + 1));
  }
  return tags;
}

/** What a picker's tag breaks of the rule; empty when it keeps it. */
function ruleBreaks(tag: string): string[] {
  const breaks: string[] = [];
  const placeholder = /\splaceholder=(\{[^}]*\}|"[^"]*"|'[^']*')/.exec(tag)?.[1];
  // The texts are MESSAGES' own, or their translations by the same key (`t('messages.…')`).
  if (
    placeholder !== undefined &&
    !placeholder.includes('MESSAGES.selectPlaceholder') &&
    !placeholder.includes("t('messages.selectPlaceholder')")
  )
    breaks.push(`placeholder ${placeholder}`);
  // A picker that can be emptied says "Select ..." once it is.
  if (/\sclearable[\s=/>]/.test(tag) && placeholder === undefined) breaks.push('no placeholder');
  if (
    /\ssearchable[\s=/>]/.test(tag) &&
    !/\snothingFoundMessage=\{(MESSAGES\.selectNoMatch|t\('messages\.selectNoMatch'\))\}/.test(tag)
  )
    breaks.push('typed text matching nothing does not say "None"');
  return breaks;
}

describe('the pickers’ texts', () => {
  it('finds what breaks the rule in a tag', () => {
    expect(ruleBreaks('<Select placeholder="Any project" searchable clearable />')).toEqual([
      'placeholder "Any project"',
      'typed text matching nothing does not say "None"',
    ]);
    expect(ruleBreaks('<Select clearable data={data} />')).toEqual(['no placeholder']);
    expect(
      ruleBreaks(
        '<MultiSelect placeholder={value.length === 0 ? MESSAGES.selectPlaceholder : undefined} searchable nothingFoundMessage={MESSAGES.selectNoMatch} />',
      ),
    ).toEqual([]);
    expect(pickerTags('<Select a={(x) => x > 1} b="c>d" />\n<MultiSelect e />')).toEqual([
      '<Select a={(x) => x > 1} b="c>d" />',
      '<MultiSelect e />',
    ]);
    expect(pickerTags("<Select\n  // the finders' lists\n  a={1}\n/>\n<MultiSelect b='x' />")).toEqual([
      "<Select\n  // the finders' lists\n  a={1}\n/>",
      "<MultiSelect b='x' />",
    ]);
  });

  it('are "Select ..." and "None" in every picker of the app', () => {
    const found: string[] = [];
    const broken: string[] = [];
    for (const file of sourceFiles(root)) {
      const name = path.relative(root, file).split(path.sep).join('/');
      if (SEARCH_FIELDS.has(name)) continue;
      for (const tag of pickerTags(readFileSync(file, 'utf8'))) {
        found.push(name);
        for (const problem of ruleBreaks(tag)) broken.push(`${name}: ${problem}`);
      }
    }
    // The pickers the issue named are among those read: the project of "Add a task" on My tasks, the
    // search filters, the time zone and the labels.
    expect(found).toEqual(
      expect.arrayContaining([
        'features/tasks/components/add-task-anywhere.tsx',
        'features/search/components/search-filters.tsx',
        'features/settings/routes/settings-notifications-page.tsx',
        'ui/planning/label-select.tsx',
      ]),
    );
    expect(found.length).toBeGreaterThanOrEqual(15);
    expect(broken).toEqual([]);
  });
});
