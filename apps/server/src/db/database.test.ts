// @database pglite
import net from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../http/errors.ts';
import { CONNECT_TIMEOUT_MS, openDatabase } from './database.ts';

/** A "database" that accepts connections and never says a word, like a server behind a dead link. */
let silent: net.Server;
let sockets: net.Socket[] = [];
let port = 0;

beforeAll(async () => {
  silent = net.createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  port = (silent.address() as net.AddressInfo).port;
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  sockets = [];
  await new Promise((resolve) => silent.close(resolve));
});

describe('a PostgreSQL server that does not answer', () => {
  it('fails a query after the connect timeout with an error answered 503, not a hang', async () => {
    const database = await openDatabase({
      databaseUrl: `postgresql://figgle@127.0.0.1:${port}/figgle`,
      dataDir: '',
    });
    const started = performance.now();
    const error = await sql`SELECT 1`.execute(database.db).then(
      () => null,
      (caught: unknown) => caught,
    );
    const elapsed = performance.now() - started;
    await database.close();
    expect(error).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    expect(elapsed).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(CONNECT_TIMEOUT_MS + 1_500);
  });
});
