import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          // bench/support: the table and clean-up of `npm run bench`, plain modules like the shared ones.
          include: ['packages/shared/src/**/*.test.ts', 'bench/support/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Vitest's default is one fork fewer than the cores: one file at a time on the 2-core
          // machines CI and developers use, while most of a file's time is spent waiting for servers,
          // sockets and timers. Three at once: the whole suite on PGlite passed (1,649 tests) in 1,008 s
          // on a machine kept at load 6-8 by browser benchmarks, where one at a time took 911 s quiet.
          maxWorkers: 3,
          // One retry, as the browser tests have in CI: these start servers, databases and sockets on a
          // shared machine and can miss a timing. `npm test` still lists a test that passed only on retry.
          retry: 1,
        },
      },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts'] } },
    ],
  },
});
