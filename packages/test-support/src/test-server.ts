import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BuildAppOptions, buildApp } from '../../../apps/server/src/app.ts';
import type { AppDeps, AppInstance } from '../../../apps/server/src/app-types.ts';
import type { DatabaseHandle } from '../../../apps/server/src/db/database.ts';
import { type Env, loadEnv } from '../../../apps/server/src/env.ts';
import { watchedClose } from './close-watch.ts';
import { openTestDatabase } from './database-template.ts';
import { freePort } from './free-port.ts';

export interface TestServer {
  app: AppInstance;
  deps: AppDeps;
  database: DatabaseHandle;
  /** Base URL of the listening server, e.g. http://127.0.0.1:41234 */
  url: string;
  env: Env;
  close(): Promise<void>;
}

/** The real app on a fresh database and a free loopback port, spoken to over real HTTP. */
/** Build options that note every route the app registers in `keys`, as `METHOD /url`. */
export function listRoutesInto(keys: string[]): Pick<BuildAppOptions, 'onRoute'> {
  return {
    onRoute: (route) => {
      for (const method of [route.method].flat()) keys.push(`${method} ${route.url}`);
    },
  };
}

export async function startTestServer(
  overrides: Record<string, string> = {},
  buildOptions: Pick<BuildAppOptions, 'onRoute' | 'clock' | 'hostLookup' | 'serveWeb'> = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'figgle-test-'));
  const database = await openTestDatabase();
  // The free port is known only until someone else takes it: any process's outgoing connection
  // draws from the same range (CI run ci30: EADDRINUSE while the container test ran beside the
  // suites). Taken in between, the app is built again on another free port.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const env = loadEnv({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SECRET: 'test-secret-that-is-long-enough-0123456789',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...overrides,
    });
    const app = await buildApp({ env, database }, { logger: !!process.env.TEST_LOG_LEVEL, ...buildOptions });
    try {
      await app.listen({ host: '127.0.0.1', port });
    } catch (error) {
      await app.close();
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE' && attempt < 5) continue;
      throw error;
    }
    return {
      app,
      deps: app.deps,
      database,
      url: env.PUBLIC_URL,
      env,
      close: async () => {
        // A connection still busy after the wait (a client that never read its answer) is cut, so
        // that the close ends; the message on stderr says that it had to be.
        await watchedClose(
          'the test server',
          () => app.close(),
          () => app.server.closeAllConnections(),
        );
        await watchedClose('the test database', () => database.close());
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
}

// The settings (PUBLIC_URL above all) must name the port before the app is built: freePort.
export { freePort };
