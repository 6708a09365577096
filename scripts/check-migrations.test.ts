import { cpSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationHashes, migrationProblems, migrationsDir } from './check-migrations.mjs';

describe('the seal of applied migrations', () => {
  const copies: string[] = [];
  function copyOfMigrations(): string {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'figgle-migrations-'));
    cpSync(migrationsDir, dir, { recursive: true });
    copies.push(dir);
    return dir;
  }
  afterEach(() => {
    for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('holds for the migrations in the tree', () => {
    const hashes = migrationHashes();
    expect(Object.keys(hashes).length).toBeGreaterThan(18);
    expect(migrationProblems(hashes, structuredClone(hashes))).toEqual([]);
  });

  it('names an applied migration that was edited, and one that was deleted', () => {
    const dir = copyOfMigrations();
    const sealed = migrationHashes(dir);
    writeFileSync(path.join(dir, '0004_move_task_function.ts'), '// edited\n', { flag: 'a' });
    unlinkSync(path.join(dir, '0007_invitation_revocation.ts'));
    expect(migrationProblems(migrationHashes(dir), sealed)).toEqual([
      '0004_move_task_function.ts was applied and has been edited: undo the edit and write a new migration',
      '0007_invitation_revocation.ts was applied and is gone: put it back',
    ]);
  });

  it('asks for a new migration to be sealed', () => {
    const dir = copyOfMigrations();
    const sealed = migrationHashes(dir);
    writeFileSync(path.join(dir, '9999_new_rule.ts'), 'export async function up() {}\n');
    expect(migrationProblems(migrationHashes(dir), sealed)).toEqual([
      '9999_new_rule.ts is not sealed: run `node scripts/check-migrations.mjs --seal`',
    ]);
  });
});
