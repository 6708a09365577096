import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { link, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { makePrivateDir } from '../private-files.ts';
import { type Storage, StorageConflictError } from './storage.ts';
import { writeStreamToFile } from './write-file.ts';

/** Where files wait, under the uploads folder (so on the same disk) but outside every stored path. */
const HOLDING_FOLDER = '.incoming';

/**
 * Files under `${dataDir}/uploads` (folders 0700, files 0600). A file is streamed to a holding file,
 * then linked to its path: link fails when the path exists, so a stored file is never replaced, and a
 * file is at its path whole or not at all.
 */
export function createLocalStorage(dataDir: string): Storage {
  const root = path.resolve(dataDir, 'uploads');
  const holding = path.join(root, HOLDING_FOLDER);

  const resolveInside = (relative: string): string => {
    const full = path.resolve(root, relative);
    if (!full.startsWith(`${root}${path.sep}`) || full.startsWith(`${holding}${path.sep}`))
      throw new Error(`Storage path escapes the root: ${relative}`);
    return full;
  };

  return {
    kind: 'local',
    async receive(body) {
      await makePrivateDir(holding);
      const held = path.join(holding, randomUUID());
      const size = await writeStreamToFile(body, held);
      const discard = () => rm(held, { force: true });
      return {
        size,
        discard,
        async keep(relative) {
          try {
            const full = resolveInside(relative);
            await makePrivateDir(path.dirname(full));
            await link(held, full);
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new StorageConflictError(relative);
            throw error;
          } finally {
            await discard();
          }
        },
      };
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
    async remove(relative) {
      await rm(resolveInside(relative), { force: true });
    },
  };
}
