// Part of `npm run check`: an applied migration is never edited. Databases that already ran a
// migration never run it again, so an edit would make a new database differ from an old one without
// anyone noticing. Each migration's SHA-256 is sealed in apps/server/src/db/migrations/sealed.json
// by the commit that adds it (`node scripts/check-migrations.mjs --seal` adds new files and never
// rewrites an entry); a change of rule is a new migration.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(import.meta.url), '../..');
export const migrationsDir = path.join(root, 'apps/server/src/db/migrations');
export const sealPath = path.join(migrationsDir, 'sealed.json');
const MIGRATION_FILE = /^\d{4}_[\w-]+\.ts$/;

/** Each migration file's name and the SHA-256 of its bytes. */
export function migrationHashes(dir = migrationsDir) {
  const hashes = {};
  for (const name of readdirSync(dir)
    .filter((file) => MIGRATION_FILE.test(file))
    .sort()) {
    hashes[name] = createHash('sha256')
      .update(readFileSync(path.join(dir, name)))
      .digest('hex');
  }
  return hashes;
}

/** What differs between the files and the seal: edited, deleted and not yet sealed migrations. */
export function migrationProblems(hashes, sealed) {
  const problems = [];
  for (const [name, hash] of Object.entries(sealed)) {
    if (!(name in hashes)) problems.push(`${name} was applied and is gone: put it back`);
    else if (hashes[name] !== hash)
      problems.push(`${name} was applied and has been edited: undo the edit and write a new migration`);
  }
  for (const name of Object.keys(hashes)) {
    if (!(name in sealed))
      problems.push(`${name} is not sealed: run \`node scripts/check-migrations.mjs --seal\``);
  }
  return problems;
}

function readSeal() {
  return existsSync(sealPath) ? JSON.parse(readFileSync(sealPath, 'utf8')) : {};
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const hashes = migrationHashes();
  const sealed = readSeal();
  if (process.argv.includes('--seal')) {
    const added = Object.keys(hashes).filter((name) => !(name in sealed));
    for (const name of added) sealed[name] = hashes[name];
    writeFileSync(sealPath, `${JSON.stringify(sealed, null, 2)}\n`);
    console.log(added.length ? `Sealed ${added.join(', ')}` : 'Every migration was sealed already.');
  }
  const problems = migrationProblems(hashes, sealed);
  if (problems.length) {
    console.error(`Migrations:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`check-migrations: ${Object.keys(hashes).length} migrations, each as it was applied.`);
}
