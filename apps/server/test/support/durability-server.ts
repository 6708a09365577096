import { buildApp } from '../../src/app.ts';
import { openDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { loadEnv } from '../../src/env.ts';

/**
 * The real app in a process of its own, as main.ts runs it, with one difference for the durability
 * test: FIGGLE_TEST_FSYNC=off opens the embedded database as PGlite does by default (`-F`), so the
 * test can show that its check tells a database that flushes from one that does not;
 * FIGGLE_TEST_FSYNC=each-commit flushes inside each commit, without group commit (to measure it).
 */
const env = loadEnv();
const fsyncModes = { off: false, 'each-commit': 'each-commit' } as const;
const fsync = fsyncModes[process.env.FIGGLE_TEST_FSYNC as keyof typeof fsyncModes];
// Otherwise (FIGGLE_TEST_FSYNC=on) the database opens exactly as main.ts opens it.
const database = await openDatabase({ dataDir: env.DATA_DIR, ...(fsync === undefined ? {} : { fsync }) });
await migrateToLatest(database.db);
const app = await buildApp({ env, database }, { serveWeb: false });
await app.listen({ port: env.PORT, host: env.HOST });
// Under strace, the test signals this process itself, not the tracer.
console.log(`server process ${process.pid}`);
const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
