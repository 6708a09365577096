// Part of `npm run check`: every file path and migration number that the docs name must exist, so a
// file moved or renamed in code cannot leave a page that sends a reader to nothing.
// Paths are read from `code spans` and Markdown links in README.md and docs/**/*.md. A path may be
// written from the repository root, from the page's own folder, or from one of the source roots below
// (docs say `db/table-writes.ts` for apps/server/src/db/table-writes.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(import.meta.url), '../..');
const sourceRoots = [
  '',
  'apps/server/src',
  'apps/server',
  'apps/server/test',
  'apps/web/src',
  'apps/web',
  'packages/shared/src',
  'packages',
];
// Feature folders: a page about one feature names `commands/create-task.ts` or `components/`.
const featureRoots = ['apps/server/src/features', 'apps/web/src/features'].flatMap((dir) =>
  readdirSync(path.join(root, dir)).map((name) => path.join(dir, name)),
);
// What exists only once built, installed or running: a data directory, a build, a package's insides.
const notInTheTree = [
  '.tmp/',
  'uploads/',
  'dist/',
  'apps/web/dist/',
  'apps/server/dist/',
  'release/',
  'node_modules/',
];
const migrationsDir = path.join(root, 'apps/server/src/db/migrations');
const PATH_LIKE = /^[\w.@-]+(\/[\w.@[\]-]+)*\/?$/;
const FILE_ENDING = /\.(ts|tsx|mjs|cjs|js|json|jsonc|md|sh|sql|yaml|yml|css|html)$/;

function markdownFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

/** A token worth checking: a relative path with a folder, ending in a file name or a slash. */
function looksLikePath(token) {
  if (!PATH_LIKE.test(token) || !token.includes('/')) return false;
  if (token.startsWith('@') || token.startsWith('..')) return false;
  return FILE_ENDING.test(token) || token.endsWith('/');
}

function exists(token, pageDir) {
  const bare = token.replace(/\/$/, '');
  if (existsSync(path.join(pageDir, bare))) return true;
  if (notInTheTree.some((prefix) => token.startsWith(prefix))) return true;
  return [...sourceRoots, ...featureRoots].some((base) => existsSync(path.join(root, base, bare)));
}

const migrationNumbers = new Set(
  readdirSync(migrationsDir)
    .map((name) => /^(\d{4})_/.exec(name)?.[1])
    .filter(Boolean),
);

export function problemsIn(file) {
  const text = readFileSync(file, 'utf8');
  const pageDir = path.dirname(file);
  const relative = path.relative(root, file);
  const problems = [];
  // A section headed "Removed…" names files that are gone on purpose.
  let removedSection = false;
  text.split('\n').forEach((line, index) => {
    const where = `${relative}:${index + 1}`;
    const heading = /^#+\s+(.*)/.exec(line);
    if (heading) removedSection = /^removed/i.test(heading[1]);
    if (removedSection) return;
    for (const [, span] of line.matchAll(/`([^`\s]+)`/g)) {
      const token = span.replace(/[:#].*$/, '');
      if (looksLikePath(token) && !exists(token, pageDir)) problems.push(`${where}: no file ${token}`);
    }
    for (const [, target] of line.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target) || target.startsWith('#') || target.startsWith('/')) continue;
      const token = target.replace(/#.*$/, '');
      if (token && !token.startsWith('..') && !exists(token, pageDir))
        problems.push(`${where}: link to missing ${token}`);
    }
    for (const [, number] of line.matchAll(/\bmigrations? (\d{4})\b/gi)) {
      if (!migrationNumbers.has(number)) problems.push(`${where}: no migration ${number}`);
    }
  });
  return problems;
}

const pages = [path.join(root, 'README.md'), ...markdownFiles(path.join(root, 'docs'))];
const problems = pages.flatMap(problemsIn);
if (problems.length) {
  console.error(`The docs name ${problems.length} path(s) that do not exist:\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`check-docs: ${pages.length} pages, every named path and migration exists.`);
