// @database pglite

import { startTestServer, type TestServer } from '@figgle/test-support/test-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('health and errors', () => {
  it('reports the database as reachable', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: server.database.kind });
  });

  it('answers an unknown API route with the one JSON error shape', async () => {
    const response = await fetch(`${server.url}/api/no-such-thing`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      statusCode: 404,
      code: 'not_found',
      message: 'Route GET /api/no-such-thing not found.',
    });
  });

  it('answers malformed JSON with a 400 in the same shape', async () => {
    const response = await fetch(`${server.url}/healthz`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    const body = await response.json();
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(body).toMatchObject({
      statusCode: response.status,
      code: expect.any(String),
      message: expect.any(String),
    });
  });

  it('serves its own OpenAPI description', async () => {
    const response = await fetch(`${server.url}/api/openapi.json`);
    const body = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(body.openapi).toMatch(/^3\./);
    expect(Object.keys(body.paths)).toContain('/healthz');
  });
});
