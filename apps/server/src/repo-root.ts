import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's root folder, found by walking up from this module: the server runs from its sources
 * (tests, `npm run dev`) and from its bundle in apps/server/dist (`npm start`), at different depths.
 */
function findRepoRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'apps/server/package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('The Figgle project root was not found above the server.');
    dir = parent;
  }
  return dir;
}

export const repoRoot = findRepoRoot();
