// The translations' check (issue 45), run by `npm run check`:
//   a. every language has exactly the English keys of each namespace (the web app's
//      apps/web/src/locales/<lang>/<namespace>.json, and the emails' apps/server/src/mail/locales);
//   b. every message parses as ICU and uses the same arguments and tags as its English;
//   c. every t('ns.key' / tRich('ns.key' of the web app names an English key;
//   d. no hard-coded user-visible string in the web app: JSX text with letters, and string literals
//      with letters in the props and option fields people read (label, title, placeholder…).
// (d) skips the folders of scripts/i18n-unconverted.json, which are still being moved onto t().
// The parser is oxc-parser (installed with knip): TypeScript 7's package has no JavaScript compiler
// API. `node scripts/check-i18n.mjs --by-folder` counts (d)'s findings per folder, skipped ones too.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IntlMessageFormat } from 'intl-messageformat';
import { parseSync } from 'oxc-parser';

const root = path.resolve(fileURLToPath(import.meta.url), '../..');
export const webSource = path.join(root, 'apps/web/src');
const webLocales = path.join(webSource, 'locales');
const mailLocales = path.join(root, 'apps/server/src/mail/locales');
const unconvertedFile = path.join(root, 'scripts/i18n-unconverted.json');

/** Props and option fields whose string is shown to people (or read to them by a screen reader). */
export const VISIBLE_PROPS = new Set([
  'label',
  'title',
  'placeholder',
  'aria-label',
  'ariaLabel',
  'aria-description',
  'description',
  'alt',
  'message',
  'confirmLabel',
  'cancelLabel',
  'tooltip',
  'error',
  'hint',
  'emptyMessage',
  'nothingFoundMessage',
  'noCancelLabel',
  'text',
  'subtitle',
  'caption',
]);
/** Object fields among those that are too common in code to judge outside JSX. */
const JSX_ONLY_PROPS = new Set(['text', 'error', 'message']);
/** Functions whose first argument is shown as it is. */
const VISIBLE_CALLS = new Set(['toastError', 'toastSuccess', 'toastInfo', 'toastWarning', 'showToast']);
/** Words that are the same in every language: product names, formats, keys. */
const SAME_EVERYWHERE = new Set(
  [
    'Figgle',
    'Figma',
    'Dev Mode',
    'Markdown',
    'Trello',
    'Planka',
    'GitHub',
    'Google',
    'TOTP',
    'LDAP',
    'OIDC',
    'CSV',
    'JSON',
    'API',
    'URL',
    'ID',
    'UTC',
    'iCal',
    'PNG',
    'JPEG',
    'Esc',
    'Enter',
    'Tab',
    'Shift',
    'Ctrl',
    'Alt',
    'Cmd',
    'Space',
    'OK',
  ].map((word) => word.toLowerCase()),
);
const SAME_EVERYWHERE_LONGEST_FIRST = [...SAME_EVERYWHERE].sort((a, b) => b.length - a.length);
/** Elements whose text is a key or code, not a sentence. */
const VERBATIM_ELEMENTS = new Set(['Kbd', 'Code', 'code', 'kbd', 'pre']);

const LETTER = /\p{L}/u;

/** True for a text that people read as words in a language. */
export function hasWords(text) {
  const trimmed = text.replace(/\s+/g, ' ').trim();
  if (!LETTER.test(trimmed)) return false;
  if (SAME_EVERYWHERE.has(trimmed.toLowerCase())) return false;
  // One token with a digit, a slash, an @ or an inner dot: an address, a token, a sample value.
  if (!/\s/.test(trimmed) && /[\d/_@]|\.(?=.)/.test(trimmed)) return false;
  // "Figma · Dev Mode", "PNG, JPEG": only same-everywhere words between symbols.
  let rest = trimmed.toLowerCase();
  for (const phrase of SAME_EVERYWHERE_LONGEST_FIRST) {
    rest = rest.replace(new RegExp(`(?<![\\p{L}])${phrase}(?![\\p{L}])`, 'gu'), ' ');
  }
  return LETTER.test(rest);
}

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** { namespace: { language: messages } } of a locales folder laid out as <lang>/<ns>.json. */
function webCatalogues(dir = webLocales) {
  const catalogues = {};
  for (const language of readdirSync(dir)) {
    const folder = path.join(dir, language);
    if (!statSync(folder).isDirectory()) continue;
    for (const file of readdirSync(folder).filter((name) => name.endsWith('.json'))) {
      const namespace = file.slice(0, -'.json'.length);
      catalogues[namespace] ??= {};
      catalogues[namespace][language] = readJson(path.join(folder, file));
    }
  }
  return catalogues;
}

/** The emails' catalogues, <lang>.json, as one namespace. */
function mailCatalogues(dir = mailLocales) {
  const languages = {};
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    languages[file.slice(0, -'.json'.length)] = readJson(path.join(dir, file));
  }
  return { 'mail (server)': languages };
}

/**
 * What a message asks of the code, by kind: `simple` arguments ({name}, {n, number}, dates),
 * `selectors` (plural and select), `tags` (<link>…</link>). Throws when it is not ICU.
 */
export function messageArguments(message, language = 'en') {
  const found = { simple: new Set(), selectors: new Set(), tags: new Set() };
  const visit = (elements) => {
    for (const element of elements) {
      // 0 literal, 7 pound (#): nothing asked.
      if (element.type === 0 || element.type === 7) continue;
      if (element.type === 8) found.tags.add(element.value);
      else if (element.type === 5 || element.type === 6) found.selectors.add(element.value);
      else found.simple.add(element.value);
      if (element.children) visit(element.children);
      if (element.options) for (const option of Object.values(element.options)) visit(option.value);
    }
  };
  visit(new IntlMessageFormat(message, language).getAst());
  return found;
}

const sorted = (set) => [...set].sort().join(', ') || 'none';

/**
 * Problems (a) and (b) of catalogues laid out as { namespace: { language: messages } }. A language
 * keeps every plain argument and tag of its English; it may leave out a plural or select English
 * needs (German "Keine" needs no count) and use an argument English does not, when every call of the
 * key passes it (`passed`: key → names, from the source; a key it lacks allows English's only).
 */
export function catalogueProblems(
  catalogues,
  { languages = ['en', 'de', 'fr', 'es'], passed = new Map() } = {},
) {
  const problems = [];
  for (const [namespace, byLanguage] of Object.entries(catalogues)) {
    const english = byLanguage.en;
    if (!english) {
      problems.push(`${namespace}: no English catalogue`);
      continue;
    }
    for (const language of languages) {
      const messages = byLanguage[language];
      if (!messages) {
        problems.push(`${namespace}: no ${language} catalogue`);
        continue;
      }
      for (const key of Object.keys(english)) {
        if (!(key in messages)) problems.push(`${namespace}.${key}: missing in ${language}`);
      }
      for (const key of Object.keys(messages)) {
        if (!(key in english)) problems.push(`${namespace}.${key}: in ${language} but not in English`);
      }
      for (const [key, message] of Object.entries(messages)) {
        const where = `${namespace}.${key} (${language})`;
        if (typeof message !== 'string') {
          problems.push(`${where}: not a string`);
          continue;
        }
        let used;
        try {
          used = messageArguments(message, language);
        } catch (error) {
          problems.push(`${where}: not ICU: ${error.message}`);
          continue;
        }
        if (language === 'en' || typeof english[key] !== 'string') continue;
        let expected;
        try {
          expected = messageArguments(english[key]);
        } catch {
          continue;
        }
        if (sorted(used.tags) !== sorted(expected.tags)) {
          problems.push(`${where}: tags ${sorted(used.tags)}, English has ${sorted(expected.tags)}`);
        }
        const all = new Set([...used.simple, ...used.selectors]);
        const missing = [...expected.simple].filter((name) => !all.has(name));
        if (missing.length > 0) problems.push(`${where}: leaves out {${missing.join('}, {')}}`);
        const byCalls = passed.get(`${namespace}.${key}`) ?? [];
        const allowed = new Set([...expected.simple, ...expected.selectors, ...byCalls]);
        const unknown = byCalls.includes('*') ? [] : [...all].filter((name) => !allowed.has(name));
        if (unknown.length > 0) {
          problems.push(
            `${where}: uses {${unknown.join('}, {')}}, which English does not and not every call passes`,
          );
        }
      }
    }
  }
  return problems;
}

/** The web app's source files, tests left out, as paths relative to apps/web/src. */
function sourceFiles(dir = webSource, base = dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'locales' && entry.name !== 'node_modules') files.push(...sourceFiles(full, base));
    } else if (
      /\.(ts|tsx)$/.test(entry.name) &&
      !/\.(test|spec)\.tsx?$/.test(entry.name) &&
      !/\.d\.ts$/.test(entry.name)
    ) {
      files.push(path.relative(base, full).split(path.sep).join('/'));
    }
  }
  return files;
}

function lineOf(source, offset) {
  let line = 1;
  for (let index = 0; index < offset && index < source.length; index += 1)
    if (source[index] === '\n') line += 1;
  return line;
}

function elementName(name) {
  if (!name) return '';
  if (name.type === 'JSXIdentifier') return name.name;
  if (name.type === 'JSXMemberExpression') return `${elementName(name.object)}.${name.property.name}`;
  return '';
}

function propName(key) {
  if (!key) return '';
  if (key.type === 'Identifier' || key.type === 'JSXIdentifier') return key.name;
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
  if (key.type === 'JSXNamespacedName') return `${key.namespace.name}:${key.name.name}`;
  return '';
}

/** The strings with words in an expression that ends up shown: literals, templates, both sides of ?: and ??. */
function visibleStrings(node) {
  if (!node) return [];
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'string' && hasWords(node.value) ? [{ node, text: node.value }] : [];
    case 'TemplateLiteral': {
      const text = node.quasis.map((quasi) => quasi.value.cooked ?? '').join(' ');
      return hasWords(text) ? [{ node, text }] : [];
    }
    case 'ConditionalExpression':
      return [...visibleStrings(node.consequent), ...visibleStrings(node.alternate)];
    case 'LogicalExpression':
      return node.operator === '&&'
        ? visibleStrings(node.right)
        : [...visibleStrings(node.left), ...visibleStrings(node.right)];
    case 'JSXExpressionContainer':
    case 'ParenthesizedExpression':
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
      return visibleStrings(node.expression);
    default:
      return [];
  }
}

/** The names a call's values object passes; null when it cannot be told (a spread, a variable). */
function passedNames(values) {
  if (!values) return [];
  if (values.type !== 'ObjectExpression') return null;
  const names = [];
  for (const property of values.properties) {
    if (property.type !== 'Property' || property.computed) return null;
    names.push(propName(property.key));
  }
  return names;
}

/**
 * (c) and (d) for one file: the t()/tRich() keys it names ({ key, prefix, line }), and its
 * hard-coded strings ({ line, text }). A line `// i18n-ignore: <why>` above one lets it be.
 */
export function scanSource(fileName, source) {
  const { program, errors } = parseSync(fileName, source);
  if (errors.length > 0 && !program?.body?.length) throw new Error(`${fileName}: ${errors[0].message}`);
  const ignored = new Set();
  source.split('\n').forEach((line, index) => {
    if (/\/\/\s*i18n-ignore|\{\s*\/\*\s*i18n-ignore/.test(line)) {
      ignored.add(index + 1);
      ignored.add(index + 2);
    }
  });
  const keys = [];
  const strings = [];
  const report = (node, text) => {
    // The line of the text itself, not of the whitespace (a JSX text starts after the tag's ">").
    const line = lineOf(
      source,
      node.start + (node.type === 'JSXText' ? (/^\s*/.exec(node.value)?.[0].length ?? 0) : 0),
    );
    if (!ignored.has(line)) strings.push({ line, text: text.replace(/\s+/g, ' ').trim() });
  };
  const walk = (node, parent) => {
    if (!node || typeof node.type !== 'string') return;
    if (node.type === 'CallExpression' && node.callee?.type === 'Identifier') {
      const name = node.callee.name;
      const first = node.arguments[0];
      if ((name === 't' || name === 'tRich') && first) {
        const line = lineOf(source, node.start);
        const values = passedNames(node.arguments[1]);
        // A literal key, either key of `cond ? 'a' : 'b'`, or the start of a template's.
        const named = (expression) => {
          if (expression.type === 'Literal' && typeof expression.value === 'string') {
            keys.push({ key: expression.value, line, values });
          } else if (expression.type === 'ConditionalExpression') {
            named(expression.consequent);
            named(expression.alternate);
          } else if (expression.type === 'TemplateLiteral') {
            keys.push({ prefix: expression.quasis[0].value.cooked ?? '', line });
          }
        };
        named(first);
      }
      if (VISIBLE_CALLS.has(name) && first)
        for (const found of visibleStrings(first)) report(found.node, found.text);
    }
    if (node.type === 'JSXText' && hasWords(node.value)) {
      const element = parent?.type === 'JSXElement' ? elementName(parent.openingElement?.name) : '';
      if (!VERBATIM_ELEMENTS.has(element)) report(node, node.value);
    }
    if (node.type === 'JSXElement' && VERBATIM_ELEMENTS.has(elementName(node.openingElement?.name))) {
      // A key or code shown as it is: only its props are read.
      for (const attribute of node.openingElement.attributes) walk(attribute, node.openingElement);
      return;
    }
    if (node.type === 'JSXAttribute' && VISIBLE_PROPS.has(propName(node.name))) {
      for (const found of visibleStrings(node.value)) report(found.node, found.text);
    }
    if (node.type === 'JSXExpressionContainer' && parent?.type === 'JSXElement') {
      for (const found of visibleStrings(node.expression)) report(found.node, found.text);
    }
    if (
      node.type === 'Property' &&
      parent?.type === 'ObjectExpression' &&
      VISIBLE_PROPS.has(propName(node.key)) &&
      !JSX_ONLY_PROPS.has(propName(node.key))
    ) {
      for (const found of visibleStrings(node.value)) report(found.node, found.text);
    }
    for (const [field, value] of Object.entries(node)) {
      if (field === 'parent') continue;
      if (Array.isArray(value)) for (const child of value) walk(child, node);
      else if (value && typeof value === 'object') walk(value, node);
    }
  };
  walk(program, null);
  return { keys, strings };
}

export function unconvertedFolders(file = unconvertedFile) {
  try {
    return readJson(file);
  } catch {
    return [];
  }
}

function folderOf(file) {
  const parts = file.split('/');
  return parts[0] === 'features' ? parts.slice(0, 2).join('/') : parts[0];
}

/** Every problem, as lines to print; `byFolder` counts (d)'s findings per folder instead. */
export function i18nProblems({ byFolder = false } = {}) {
  const web = webCatalogues();
  const problems = [];
  const english = new Set();
  for (const [namespace, byLanguage] of Object.entries(web)) {
    for (const key of Object.keys(byLanguage.en ?? {})) english.add(`${namespace}.${key}`);
  }
  const skipped = new Set(unconvertedFolders());
  const counts = {};
  // key → the names every call passes (null once a call's values cannot be told).
  const passed = new Map();
  for (const file of sourceFiles()) {
    if (file.startsWith('lib/i18n/')) continue;
    const source = readFileSync(path.join(webSource, file), 'utf8');
    const { keys, strings } = scanSource(file, source);
    for (const { key, values } of keys) {
      if (key === undefined) continue;
      const before = passed.has(key) ? passed.get(key) : values;
      passed.set(
        key,
        before === null || values === null ? null : before.filter((name) => values.includes(name)),
      );
    }
    for (const { key, prefix, line } of keys) {
      if (key !== undefined && !english.has(key))
        problems.push(`apps/web/src/${file}:${line}: t('${key}') is not in English`);
      if (prefix?.includes('.') && ![...english].some((each) => each.startsWith(prefix))) {
        problems.push(`apps/web/src/${file}:${line}: no English key starts with '${prefix}'`);
      }
    }
    const folder = folderOf(file);
    counts[folder] = (counts[folder] ?? 0) + strings.length;
    if (skipped.has(folder) || byFolder) continue;
    for (const { line, text } of strings)
      problems.push(`apps/web/src/${file}:${line}: hard-coded "${text.slice(0, 80)}"`);
  }
  // A key whose calls cannot all be told allows any argument a call may pass.
  const allowed = new Map([...passed].map(([key, names]) => [key, names ?? ['*']]));
  problems.unshift(...catalogueProblems(web, { passed: allowed }), ...catalogueProblems(mailCatalogues()));
  if (byFolder) {
    return Object.entries(counts)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([folder, count]) => `${folder}: ${count}${skipped.has(folder) ? ' (in i18n-unconverted.json)' : ''}`,
      );
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const byFolder = process.argv.includes('--by-folder');
  const lines = i18nProblems({ byFolder });
  for (const line of lines) console.log(line);
  if (byFolder) process.exit(0);
  if (lines.length > 0) {
    console.error(
      `check-i18n: ${lines.length} problem(s). Move the text onto t() (docs/CONVENTIONS.md), or add the key in every language.`,
    );
    process.exit(1);
  }
  console.log(
    'check-i18n: every language has every key; no hard-coded text outside the folders still listed.',
  );
}
