// @database pglite
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * apps/server/biome.json lets a feature use another feature only through its presenter.ts,
 * queries.ts and commands/, and lets the folders below the features (jobs/, figma/, http/, db/,
 * policies/, auth/, mail/, clock/, …) use no feature and not app-types.ts. Biome matches import
 * specifiers, so these cases lint a planted file through Biome itself, at a feature's depth and one
 * folder deeper, and in the folders below. The file sits in the tree for the moment of the lint,
 * under a name no source uses, because Biome's overrides match real paths.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
// Biome's own launcher, run by this Node: `npx biome` first starts npm, ~2.4 s of the ~2.7 s a lint took.
const biome = path.join(root, 'node_modules/@biomejs/biome/bin/biome');

function lint(filePath: string, source: string): { ok: boolean; output: string } {
  const planted = path.join(root, filePath.replace(/\.ts$/, `-${process.pid}.ts`));
  writeFileSync(planted, source);
  try {
    const result = spawnSync(process.execPath, [biome, 'lint', planted], { cwd: root, encoding: 'utf8' });
    return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
  } finally {
    rmSync(planted, { force: true });
  }
}

describe('import boundaries of the server', () => {
  it.each([
    ['apps/server/src/features/timeline/planted.ts', "import { x } from '../comments/routes.ts';"],
    ['apps/server/src/features/timeline/planted.ts', "import { x } from '../tasks/board-presenter.ts';"],
    ['apps/server/src/features/tasks/commands/planted.ts', "import { x } from '../../comments/routes.ts';"],
  ])('refuses %s importing another feature’s internals (%s)', (filePath, source) => {
    const { ok, output } = lint(filePath, `${source}\nexport const y = x;\n`);
    expect(ok).toBe(false);
    expect(output).toContain('noRestrictedImports');
  });

  // Below the features (docs/decisions/0020-server-folders-in-one-direction.md): app.ts wires them in.
  it.each([
    ['apps/server/src/jobs/handlers/planted.ts', "import { x } from '../../features/imports/run-import.ts';"],
    ['apps/server/src/policies/planted.ts', "import { x } from '../features/tasks/queries.ts';"],
    ['apps/server/src/auth/planted.ts', "import { x } from '../features/me/queries.ts';"],
  ])('refuses %s importing a feature (%s)', (filePath, source) => {
    const { ok, output } = lint(filePath, `${source}\nexport const y = x;\n`);
    expect(ok).toBe(false);
    expect(output).toContain('noRestrictedImports');
  });

  // app-types.ts names the services of auth/, clock/, mail/ and stands above them and the rest below.
  it.each([
    ['apps/server/src/auth/planted.ts', "import type { x } from '../app-types.ts';"],
    ['apps/server/src/jobs/planted.ts', "import type { x } from '../app-types.ts';"],
    ['apps/server/src/clock/planted.ts', "import type { x } from '../app-types.ts';"],
  ])('refuses %s importing app-types.ts (%s)', (filePath, source) => {
    const { ok, output } = lint(filePath, `${source}\nexport type y = x;\n`);
    expect(ok).toBe(false);
    expect(output).toContain('noRestrictedImports');
  });

  it.each([
    ['apps/server/src/features/timeline/planted.ts', "import { x } from '../comments/presenter.ts';"],
    ['apps/server/src/features/timeline/planted.ts', "import { x } from '../comments/queries.ts';"],
    ['apps/server/src/features/timeline/planted.ts', "import { x } from '../../db/database.ts';"],
    [
      'apps/server/src/features/tasks/commands/planted.ts',
      "import { x } from '../../notifications/commands/record.ts';",
    ],
    ['apps/server/src/features/tasks/commands/planted.ts', "import { x } from '../../../http/errors.ts';"],
    ['apps/server/src/features/tasks/commands/planted.ts', "import { x } from '../queries.ts';"],
    ['apps/server/src/jobs/handlers/planted.ts', "import { x } from '../job-queue.ts';"],
    ['apps/server/src/auth/planted.ts', "import { x } from '../http/app-instance.ts';"],
    ['apps/server/src/features/timeline/planted.ts', "import { x } from '../../app-types.ts';"],
  ])('lets %s import %s', (filePath, source) => {
    const { ok, output } = lint(filePath, `${source}\nexport const y = x;\n`);
    expect(output).not.toContain('noRestrictedImports');
    expect(ok).toBe(true);
  });
});
