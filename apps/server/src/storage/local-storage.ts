import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Storage, StorageConflictError } from './storage.ts';

/** Files under `${dataDir}/uploads`, written with O_EXCL so an existing file is never replaced. */
export function createLocalStorage(dataDir: string): Storage {
  const root = path.resolve(dataDir, 'uploads');

  const resolveInside = (relative: string): string => {
    const full = path.resolve(root, relative);
    if (!full.startsWith(`${root}${path.sep}`)) throw new Error(`Storage path escapes the root: ${relative}`);
    return full;
  };

  return {
    kind: 'local',
    async put(relative, body) {
      const full = resolveInside(relative);
      await mkdir(path.dirname(full), { recursive: true });
      try {
        await writeFile(full, body, { flag: 'wx' });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new StorageConflictError(relative);
        throw error;
      }
    },
    async get(relative) {
      const full = resolveInside(relative);
      try {
        const info = await stat(full);
        if (!info.isFile()) return null;
        return { body: createReadStream(full), size: info.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}
