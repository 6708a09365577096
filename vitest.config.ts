import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Every server test file says on its first line which database it is about (docs/CONVENTIONS.md,
 * "Which database a test runs on"): `// @database pglite` runs once, on PGlite; `// @database both`
 * runs on PGlite in the `server` project and again on PostgreSQL in `server-postgres`. A file
 * without a valid mark stops every run here, naming the file.
 */
const SERVER_TEST_ROOTS = ['apps/server/src', 'apps/server/test'];
const MARK = /^\/\/ @database (both|pglite)\s*$/;

function testFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFilesUnder(file);
    return entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

function serverTestsByMark(): { both: string[] } {
  const both: string[] = [];
  const unmarked: string[] = [];
  const root = path.dirname(fileURLToPath(import.meta.url));
  for (const file of SERVER_TEST_ROOTS.flatMap((dir) => testFilesUnder(path.join(root, dir)))) {
    const relative = path.relative(root, file).split(path.sep).join('/');
    const mark = MARK.exec(readFileSync(file, 'utf8').split('\n', 1)[0] ?? '')?.[1];
    if (!mark) unmarked.push(relative);
    else if (mark === 'both') both.push(relative);
  }
  if (unmarked.length) {
    throw new Error(
      `These server test files do not start with "// @database both" or "// @database pglite" ` +
        `(docs/CONVENTIONS.md, "Which database a test runs on"):\n  ${unmarked.join('\n  ')}`,
    );
  }
  return { both };
}

const { both } = serverTestsByMark();

const serverProject = {
  globalSetup: ['apps/server/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
  // The files of one worker share its loaded modules instead of each importing the whole server
  // again (Fastify, better-auth, PGlite's WebAssembly, compiled anew each time): the PGlite suite went
  // from 1,097 s to 547 s on 2 cores (import 519 s of CPU to 32 s), with every test passing. What a
  // file changes stays in it: each starts its own server and database (test-support/test-server.ts),
  // and the two files with fake timers put the real ones back after each test.
  isolate: false,
  // Two at once, for the 2 cores of CI and developers' machines. The suites are CPU-bound (97-98 %
  // of both cores busy, measured with /proc/stat over the run), so a third fork only shares the same
  // cores: test/auth + test/organizations (306 tests) took 144.1 s with 3 and 144.4 s with 2, and
  // fewer forks each load the shared server code (isolate: false above) fewer times. The whole
  // PGlite suite at 2: 547 s; the PostgreSQL files at 2: 179 s (258 s at 3 with isolation).
  maxWorkers: 2,
  // One retry, as the browser tests have in CI: these start servers, databases and sockets on a
  // shared machine and can miss a timing. `npm test` still lists a test that passed only on retry.
  retry: 1,
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          // The unit files share one worker's modules, as the server files do: with isolation each of
          // the 105 unit files started a fresh worker and loaded its imports anew, and the tests
          // themselves were 5 % of the time. Unit step on the slow 2-core machine, alternated runs
          // (2 Dec 2026, load 2-3): 68.7 and 75.0 s isolated, 13.6 and 21.4 s shared. A file that
          // replaces a module (`vi.doMock`) or needs a module evaluated anew loads it itself after
          // `vi.resetModules()` (docs/CONVENTIONS.md, Tests).
          isolate: false,
          // bench/support: the table and clean-up of `npm run bench`, plain modules like the shared ones.
          include: ['packages/shared/src/**/*.test.ts', 'bench/support/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      {
        // Every server test file, on PGlite (or on PostgreSQL when run with TEST_DB=postgres by hand).
        test: {
          ...serverProject,
          name: 'server',
          include: SERVER_TEST_ROOTS.map((dir) => `${dir}/**/*.test.ts`),
        },
      },
      {
        // The `// @database both` files again, on TEST_DATABASE_URL's PostgreSQL.
        test: {
          ...serverProject,
          name: 'server-postgres',
          include: both,
          globalSetup: ['apps/server/test/global-setup-postgres.ts'],
          env: { TEST_DB: 'postgres' },
        },
      },
      {
        test: {
          name: 'web',
          // Shared modules, as for 'shared' above.
          isolate: false,
          include: ['apps/web/src/**/*.test.ts'],
          // English messages in place, as main.tsx puts them before the app renders.
          setupFiles: ['apps/web/src/lib/i18n/english-for-tests.ts'],
        },
      },
      // The Figma plugin's sandbox code against a fake `figma` global (apps/figma-plugin/test).
      { test: { name: 'figma-plugin', include: ['apps/figma-plugin/test/**/*.test.ts'] } },
    ],
  },
});
