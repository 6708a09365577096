import type { AppInstance } from './app-types.ts';
import type { DatabaseHandle } from './db/database.ts';
import { type Env, EnvError, loadEnv } from './env.ts';
import { earlyWebAnswers } from './http/early-web-answers.ts';
import { listeningAddresses, listensBeyondLoopback, publicUrlHint } from './http/listen-addresses.ts';
import { serverTimeouts } from './http/server-timeouts.ts';
import { listenWhileStarting, type StartingServer } from './http/starting-server.ts';
import { readBuiltIndex, webDistDir } from './http/web-app.ts';
import { markStartStep } from './start-timings.ts';

const SHUTDOWN_GRACE_MS = 4_000;

interface Started {
  app: AppInstance;
  database: DatabaseHandle;
}

/**
 * What the API needs, behind the open socket: the database opens (its WebAssembly compiles in the
 * background) while the app's code loads, then migrations run, then the app is built. Only then does
 * the app take the requests that waited: none is answered by an unmigrated database.
 * The app's modules are imported here, not at the top, so the socket opens before they load.
 */
async function startApp(env: Env, starting: StartingServer, serveWeb: boolean): Promise<Started> {
  const { openDatabase } = await import('./db/database.ts');
  const opening = openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    onStep: markStartStep,
  });
  const loading = Promise.all([
    import('./db/migrate.ts'),
    import('./app.ts'),
    import('./db/pre-migration-backup.ts'),
  ]).then((modules) => {
    markStartStep('app code loaded');
    return modules;
  });
  const [opened, loaded] = await Promise.allSettled([opening, loading]);
  if (opened.status === 'rejected') throw opened.reason;
  const database = opened.value;
  markStartStep('database open');
  let app: AppInstance | undefined;
  try {
    if (loaded.status === 'rejected') throw loaded.reason;
    const [{ migrateToLatest }, { buildApp }, { backupBeforeMigrating }] = loaded.value;
    await migrateToLatest(database.db, {
      // A database newer than this code was refused before this; an older one is kept first.
      beforeMigrating: async (state) => {
        if (!env.BACKUP_BEFORE_MIGRATING) {
          console.log('Migrating the database without a backup first (BACKUP_BEFORE_MIGRATING=false).');
          return;
        }
        const backup = await backupBeforeMigrating(database, state, {
          dataDir: env.DATA_DIR,
          secretInEnvironment: Boolean(process.env.SECRET?.trim()),
        });
        if (backup)
          console.log(
            `Backed up the database before migrating it from ${backup.from} to ${backup.to}: ${backup.file}`,
          );
      },
    });
    markStartStep('migrated');
    app = await buildApp({ env, database }, { serveWeb });
    // The app does not listen itself: closing it closes the server that listens for it.
    app.addHook('preClose', () => starting.close());
    await app.ready();
    markStartStep('app ready');
    return { app, database };
  } catch (error) {
    await app?.close().catch(() => {});
    await database.close().catch(() => {});
    throw error;
  }
}

function reportFailure(error: unknown): void {
  if (error instanceof EnvError) {
    console.error(error.message);
  } else {
    console.error(`Figgle could not start: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function main(): Promise<void> {
  markStartStep('server code loaded');
  const env = loadEnv();
  markStartStep('settings read');
  const serveWeb = process.env.FIGGLE_SERVE_WEB !== '0';
  // Not built: stop now, naming the command that builds it, rather than after answering a page.
  if (serveWeb) readBuiltIndex();
  const starting = await listenWhileStarting({
    port: env.PORT,
    host: env.HOST,
    timeouts: serverTimeouts(env),
    answerEarly: serveWeb ? earlyWebAnswers(webDistDir, { publicUrl: env.PUBLIC_URL }) : undefined,
  });
  markStartStep('listening');
  const address = starting.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const url = env.PUBLIC_URL.replace(/:\d+$/, `:${port}`);
  console.log(
    `Figgle is running at ${url} (${env.DATABASE_URL ? 'PostgreSQL' : `embedded database in ${env.DATA_DIR}`})`,
  );
  const addresses = listeningAddresses(env.HOST, port);
  console.log(`It answers at ${addresses.join(', ')}`);
  // env.ts fills in a default PUBLIC_URL; only the environment says whether someone chose one.
  if (!process.env.PUBLIC_URL && listensBeyondLoopback(env.HOST)) {
    console.log(publicUrlHint(url, addresses));
  }

  const started = startApp(env, starting, serveWeb);
  started.then(
    ({ app }) => {
      starting.handOver(app.server);
      console.log('Figgle is ready: the database is open and up to date.');
    },
    async (error: unknown) => {
      await Promise.race([starting.fail(), new Promise((resolve) => setTimeout(resolve, 1_000))]);
      reportFailure(error);
      process.exit(1);
    },
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // A stuck request must not keep the process alive forever: exit non-zero past the grace period.
    const timer = setTimeout(() => {
      console.error('Shutdown took too long; exiting.');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    // A start under way ends first (its failure exits by itself), then the app closes as usual.
    const { app, database } = await started.catch(() => new Promise<never>(() => {}));
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
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
  reportFailure(error);
  process.exit(1);
});
