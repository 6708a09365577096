import { buildApp } from './app.ts';
import type { AppInstance } from './app-types.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { EnvError, loadEnv } from './env.ts';
import { listeningAddresses, listensBeyondLoopback, publicUrlHint } from './http/listen-addresses.ts';
import { markStartStep } from './start-timings.ts';

const SHUTDOWN_GRACE_MS = 4_000;

async function main(): Promise<void> {
  markStartStep('server code loaded');
  const env = loadEnv();
  markStartStep('settings read');
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    onStep: markStartStep,
  });
  markStartStep('database open');
  let app: AppInstance | undefined;
  try {
    await migrateToLatest(database.db);
    markStartStep('migrated');
    app = await buildApp({ env, database }, { serveWeb: process.env.FIGGLE_SERVE_WEB !== '0' });
    markStartStep('app built');
    await app.listen({ port: env.PORT, host: env.HOST });
    markStartStep('listening');
  } catch (error) {
    await app?.close().catch(() => {});
    await database.close().catch(() => {});
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const url = env.PUBLIC_URL.replace(/:\d+$/, `:${port}`);
  console.log(
    `Figgle is running at ${url} (${database.kind === 'pglite' ? `embedded database in ${env.DATA_DIR}` : 'PostgreSQL'})`,
  );
  const addresses = listeningAddresses(env.HOST, port);
  console.log(`It answers at ${addresses.join(', ')}`);
  // env.ts fills in a default PUBLIC_URL; only the environment says whether someone chose one.
  if (!process.env.PUBLIC_URL && listensBeyondLoopback(env.HOST)) {
    console.log(publicUrlHint(url, addresses));
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // A stuck request must not keep the process alive forever: exit non-zero past the grace period.
    const timer = setTimeout(() => {
      console.error('Shutdown took too long; exiting.');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      console.error('Shutdown failed:', error);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) {
    console.error(error.message);
  } else {
    console.error(`Figgle could not start: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exit(1);
});
