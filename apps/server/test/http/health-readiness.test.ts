// @database both
import { getRaw } from '@figgle/test-support/raw-get';
import { startTestServer, type TestServer } from '@figgle/test-support/test-server';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('GET /readyz', () => {
  it('is ready once the database answers with every migration, by any host name', async () => {
    // A probe calls by the name it knows (a container's service name), which the host check refuses elsewhere.
    const probe = { host: 'figgle-internal:3000' };
    const ready = await getRaw(server.url, '/readyz', probe);
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.text)).toEqual({ status: 'ready' });
    expect((await getRaw(server.url, '/api/auth-providers', probe)).status).not.toBe(200);
  });

  it('answers 503 and why while the database is behind the newest migration this code knows', async () => {
    const { db } = server.deps;
    const newest = await sql<{ name: string; timestamp: string }>`
      SELECT name, timestamp FROM kysely_migration ORDER BY name DESC LIMIT 1
    `.execute(db);
    const row = newest.rows[0]!;
    await sql`DELETE FROM kysely_migration WHERE name = ${row.name}`.execute(db);
    try {
      const response = await fetch(`${server.url}/readyz`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        statusCode: 503,
        code: 'not_ready',
        message: `The database is not migrated yet: 1 migration to run, up to ${row.name}.`,
      });
    } finally {
      await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${row.name}, ${row.timestamp})`.execute(
        db,
      );
    }
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });

  it('answers 503 when the database holds a migration of a newer Figgle', async () => {
    const { db } = server.deps;
    await sql`INSERT INTO kysely_migration (name, timestamp) VALUES ('9999_from_the_future', now())`.execute(
      db,
    );
    try {
      const response = await fetch(`${server.url}/readyz`);
      expect(response.status).toBe(503);
      expect(((await response.json()) as { message: string }).message).toMatch(
        /^The database was migrated by a newer Figgle \(9999_from_the_future\)/,
      );
    } finally {
      await sql`DELETE FROM kysely_migration WHERE name = '9999_from_the_future'`.execute(db);
    }
  });
});
