// @database pglite
import { execFile, execFileSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { repoRoot } from '../../src/repo-root.ts';

/**
 * What the backup file holds is the whole server (the database, people's uploads, the secret that
 * signs sessions): it is the running account's alone, and restoring one never reaches outside DATA_DIR.
 */
interface Run {
  code: number;
  output: string;
}

function npmRun(script: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    // The umask of most accounts: files are world-readable unless the command says otherwise.
    execFile(
      'sh',
      [
        '-c',
        'umask 022 && exec "$@"',
        'sh',
        process.execPath,
        '--import',
        'tsx',
        path.join(repoRoot, 'scripts', `${script}.mjs`),
        ...args,
      ],
      { cwd: repoRoot, env: { ...process.env, SECRET: '', DATABASE_URL: '', ...env }, timeout: 280_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

describe('backup files and what restore accepts', () => {
  let root: string;
  let backup: string;

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'figgle-backup-safety-'));
    const dataDir = path.join(root, 'data');
    const database = await openDatabase({ dataDir });
    await database.close();
    writeFileSync(path.join(dataDir, 'secret'), 'a-secret-that-signs-sessions\n', { mode: 0o600 });
    mkdirSync(path.join(dataDir, 'uploads', 'tasks'), { recursive: true });
    writeFileSync(path.join(dataDir, 'uploads', 'tasks', 'kept.pdf'), '%PDF-1.4\n');
    backup = path.join(root, 'figgle.tar.gz');
    const made = await npmRun('backup', [backup], { DATA_DIR: dataDir });
    expect(made.output).toMatch(/Backup written to .*1 uploaded file, the secret\./);
    expect(made.code).toBe(0);
  }, 300_000);
  afterAll(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('writes the backup readable by the account that made it only (it holds the secret)', () => {
    expect(statSync(backup).mode & 0o777).toBe(0o600);
  });

  it('refuses an archive whose uploads is a link, and touches nothing it points at', async () => {
    // The same backup, with `uploads` turned into a link to a folder outside DATA_DIR.
    const unpacked = path.join(root, 'unpacked');
    mkdirSync(unpacked);
    execFileSync('tar', ['--extract', '--gzip', '--file', backup, '-C', unpacked]);
    const outside = path.join(root, 'outside');
    mkdirSync(outside, { mode: 0o755 });
    writeFileSync(path.join(outside, 'notes.txt'), 'not Figgle’s\n', { mode: 0o644 });
    rmSync(path.join(unpacked, 'uploads'), { recursive: true });
    symlinkSync(outside, path.join(unpacked, 'uploads'));
    const crafted = path.join(root, 'crafted.tar.gz');
    execFileSync('tar', ['--create', '--gzip', '--file', crafted, '-C', unpacked, ...readdirSync(unpacked)]);

    const dataDir = path.join(root, 'restored');
    const refused = await npmRun('restore', [crafted], { DATA_DIR: dataDir });
    expect(refused.output).toMatch(
      /uploads is a symbolic link: a Figgle backup holds plain files and folders only/,
    );
    expect(refused.code).toBe(1);
    expect(existsSync(dataDir) ? readdirSync(dataDir) : []).toEqual([]);
    expect(statSync(outside).mode & 0o777).toBe(0o755);
    expect(statSync(path.join(outside, 'notes.txt')).mode & 0o777).toBe(0o644);
    expect(lstatSync(outside).isDirectory()).toBe(true);
  }, 300_000);

  it('refuses a hard link too, and restores the untouched backup', async () => {
    const unpacked = path.join(root, 'unpacked-hard');
    mkdirSync(unpacked);
    execFileSync('tar', ['--extract', '--gzip', '--file', backup, '-C', unpacked]);
    // A hard link member: on extraction it may name any file the extracting account can reach.
    execFileSync('ln', [path.join(unpacked, 'secret'), path.join(unpacked, 'uploads', 'tasks', 'linked')]);
    const withLink = path.join(root, 'hard-link.tar.gz');
    execFileSync('tar', ['--create', '--gzip', '--file', withLink, '-C', unpacked, ...readdirSync(unpacked)]);
    const refused = await npmRun('restore', [withLink], { DATA_DIR: path.join(root, 'restored-hard') });
    expect(refused.output).toMatch(/is a hard link: a Figgle backup holds plain files and folders only/);
    expect(refused.code).toBe(1);

    const dataDir = path.join(root, 'restored-good');
    const restored = await npmRun('restore', [backup], { DATA_DIR: dataDir });
    expect(restored.output).toMatch(/Restored the backup of .* 1 uploaded file, the secret\./);
    expect(restored.code).toBe(0);
    expect(statSync(path.join(dataDir, 'uploads', 'tasks', 'kept.pdf')).isFile()).toBe(true);
  }, 300_000);
});
