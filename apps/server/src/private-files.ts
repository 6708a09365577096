import { chmodSync, mkdirSync, readdirSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * What Figgle keeps on disk (the secret that signs sessions, the embedded database, people's uploads)
 * is for the account running it alone: folders it creates are 0700 and files 0600, whatever the umask.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates the folder (and any missing parent) readable by this account only; an existing one is left as it is. */
export function makePrivateDirSync(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

export async function makePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/**
 * Folders 0700 and files 0600 throughout a tree: a copied tree keeps its source's modes whatever the
 * umask (PGlite's template of a new database is world-writable).
 */
export function makeTreePrivateSync(root: string): void {
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory()) chmodSync(full, PRIVATE_DIR_MODE);
    else if (entry.isFile()) chmodSync(full, PRIVATE_FILE_MODE);
  }
  chmodSync(root, PRIVATE_DIR_MODE);
}
