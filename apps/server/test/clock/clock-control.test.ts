// @database pglite
import { randomUUID } from 'node:crypto';
import { startTestServer, type TestServer } from '@figgle/test-support/test-server';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../../src/env.ts';
import { eventually } from '../figma/figma-world.ts';

/**
 * TEST_CLOCK_CONTROL lets a browser test move a separately started server's clock (the two-minute
 * batch, the 08:00 digest). It must not exist anywhere else: refused at start outside NODE_ENV=test,
 * and without it the route is not there at all.
 */

const HOUR = 60 * 60 * 1000;

const moveClock = (server: TestServer, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/api/test/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, ...headers },
    body: JSON.stringify(body),
  });

function startProblems(source: Record<string, string>): string[] {
  try {
    loadEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  return [];
}

describe('the setting', () => {
  it('is refused in production and in development, with a line that says why', () => {
    const production = startProblems({
      NODE_ENV: 'production',
      SECRET: 'a-secret-that-is-long-enough-0123456789',
      PUBLIC_URL: 'https://figgle.example',
      SMTP_URL: 'smtp://127.0.0.1:25',
      TEST_CLOCK_CONTROL: 'true',
    });
    expect(production).toEqual([
      "TEST_CLOCK_CONTROL: is for automated tests only (it lets this machine move the server's clock) and is refused with NODE_ENV=production: remove it",
    ]);
    const development = startProblems({
      SECRET: 'a-secret-that-is-long-enough-0123456789',
      TEST_CLOCK_CONTROL: 'true',
    });
    expect(development).toHaveLength(1);
    expect(development[0]).toMatch(/^TEST_CLOCK_CONTROL: .* refused with NODE_ENV=development/);
    expect(
      startProblems({
        NODE_ENV: 'test',
        SECRET: 'a-secret-that-is-long-enough-0123456789',
        TEST_CLOCK_CONTROL: 'yes',
      }),
    ).toEqual(['TEST_CLOCK_CONTROL: must be true or false']);
  });
});

describe('without TEST_CLOCK_CONTROL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, 60_000);
  afterAll(async () => server?.close());

  it('has no clock route: 404, and the clock keeps the real time', async () => {
    const response = await moveClock(server, { advance_ms: HOUR });
    expect(response.status).toBe(404);
    expect(server.deps.clock.aheadMs()).toBe(0);
  });
});

describe('with TEST_CLOCK_CONTROL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TEST_CLOCK_CONTROL: 'true' });
  }, 60_000);
  afterAll(async () => server?.close());

  it('moves the clock forward, runs jobs that became due, and goes back to the real time', async () => {
    const userId = randomUUID();
    const until = new Date(Date.now() + HOUR).toISOString();
    await sql`
      INSERT INTO job (kind, organization_id, dedupe_key, payload, run_at)
      VALUES ('notification_batch', NULL, ${`${userId}:clock`},
        ${JSON.stringify({ user_id: userId, from: new Date().toISOString(), until })}::jsonb, ${until})
    `.execute(server.deps.db);
    const stateOfJob = async () =>
      (
        await sql<{ state: string }>`SELECT state FROM job WHERE dedupe_key = ${`${userId}:clock`}`.execute(
          server.deps.db,
        )
      ).rows[0]?.state;
    expect(await stateOfJob()).toBe('pending');

    const moved = await moveClock(server, { advance_ms: HOUR + 1_000 });
    expect(moved.status).toBe(200);
    const state = (await moved.json()) as { now: string; ahead_ms: number };
    expect(state.ahead_ms).toBe(HOUR + 1_000);
    expect(Math.abs(Date.parse(state.now) - (Date.now() + HOUR + 1_000))).toBeLessThan(5_000);
    await eventually(async () => (await stateOfJob()) === 'done', 'the job due in an hour done');

    const reset = await moveClock(server, { reset: true });
    expect(reset.status).toBe(200);
    expect(((await reset.json()) as { ahead_ms: number }).ahead_ms).toBe(0);
    expect(server.deps.clock.aheadMs()).toBe(0);
  });

  it('refuses a step back, a step too long and unknown fields with a 400, the clock unchanged', async () => {
    for (const body of [{ advance_ms: -1 }, { advance_ms: 8 * 24 * HOUR }, { advance_ms: 1, extra: 1 }, {}]) {
      const response = await moveClock(server, body);
      expect(response.status).toBe(400);
      const error = (await response.json()) as { statusCode: number; code: string; message: string };
      expect(error.statusCode).toBe(400);
      expect(error.message).toBeTruthy();
    }
    expect(server.deps.clock.aheadMs()).toBe(0);
  });

  it('answers only this machine: a request relayed by a proxy gets 404', async () => {
    const response = await moveClock(server, { advance_ms: HOUR }, { 'x-forwarded-for': '203.0.113.9' });
    expect(response.status).toBe(404);
    expect(server.deps.clock.aheadMs()).toBe(0);
  });
});
