// @database pglite
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  exitOf,
  killLeftoverServers,
  runServerUntilExit,
  startServerProcess,
} from '../support/server-process.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'figgle-shutdown-'));
afterEach(killLeftoverServers);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
/** Two starts of the server on the embedded database, on a busy machine. */
const TWO_STARTS_MS = 90_000;

const startServer = () => startServerProcess({ DATA_DIR: dataDir });

describe('process lifecycle on the embedded database', () => {
  it(
    'finishes in-flight requests on SIGTERM, exits 0 within 5 s, and starts again on the same data',
    async () => {
      const first = await startServer();
      let answered = 0;
      const inFlight = Array.from({ length: 400 }, () =>
        fetch(`${first.url}/healthz`).then(
          (response) => {
            answered += 1;
            return response.status;
          },
          () => 'refused',
        ),
      );
      while (answered === 0) await new Promise((resolve) => setTimeout(resolve, 1));
      const exited = exitOf(first.child);
      const signalledAt = Date.now();
      first.child.kill('SIGTERM');
      const answers = await Promise.all(inFlight);
      expect(await exited).toBe(0);
      expect(Date.now() - signalledAt).toBeLessThan(5_000);
      // Requests accepted before the signal were answered; none failed with a server error.
      expect(answers.filter((answer) => answer === 200).length).toBeGreaterThan(0);
      expect(answers.every((answer) => answer === 200 || answer === 503 || answer === 'refused')).toBe(true);

      const second = await startServer();
      expect(await (await fetch(`${second.url}/healthz`)).json()).toEqual({
        status: 'ok',
        database: 'pglite',
      });
      const secondExit = exitOf(second.child);
      second.child.kill('SIGINT');
      expect(await secondExit).toBe(0);
    },
    TWO_STARTS_MS,
  );

  it(
    'keeps every write that was answered 2xx when SIGTERM arrives mid-writes',
    async () => {
      const server = await startServer();
      const emails = Array.from({ length: 6 }, (_, i) => `shutdown-${i}-${Date.now()}@example.test`);
      let answered = 0;
      const writes = emails.map((email) =>
        fetch(`${server.url}/api/auth/sign-up/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: server.url },
          body: JSON.stringify({
            email,
            password: 'secret-123',
            name: 'Shut Down',
            firstname: 'Shut',
            lastname: 'Down',
          }),
        }).then(
          (response) => {
            answered += 1;
            return { email, status: response.status };
          },
          () => ({ email, status: 0 }),
        ),
      );
      while (answered === 0) await new Promise((resolve) => setTimeout(resolve, 1));
      const exited = exitOf(server.child);
      server.child.kill('SIGTERM');
      const results = await Promise.all(writes);
      expect(await exited, server.output()).toBe(0);
      const committed = results.filter((r) => r.status === 200).map((r) => r.email);
      expect(results.map((r) => r.status)).toContain(200);
      expect(committed.length).toBeGreaterThan(0);
      expect(results.every((r) => r.status === 200 || r.status === 503 || r.status === 0)).toBe(true);

      const { openDatabase } = await import('../../src/db/database.ts');
      const database = await openDatabase({ dataDir });
      try {
        const rows = await database.db
          .selectFrom('app_user')
          .select('email')
          .where('email', 'in', committed)
          .execute();
        expect(rows.map((row) => row.email).sort()).toEqual([...committed].sort());
      } finally {
        await database.close();
      }
    },
    TWO_STARTS_MS,
  );

  it('refuses to start with one clear line per bad setting and a non-zero exit', async () => {
    for (const [setting, value, line] of [
      ['PORT', 'abc', 'PORT: must be a number'],
      ['DATABASE_URL', 'nonsense', 'DATABASE_URL: must be a URL starting with postgres:// or postgresql://'],
    ] as const) {
      const { code, output } = await runServerUntilExit({ DATA_DIR: dataDir, [setting]: value });
      expect(code).not.toBe(0);
      expect(output).toContain(line);
    }
  });
});
