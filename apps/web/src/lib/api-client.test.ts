import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiRequestError, api, apiRequest, refusalText } from './api-client';

let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === '/echo') {
      let body = '';
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      request.on('end', () => {
        response.setHeader('Content-Type', 'application/json');
        response.end(
          JSON.stringify({
            method: request.method,
            query: Object.fromEntries(url.searchParams),
            contentType: request.headers['content-type'] ?? null,
            body: body ? JSON.parse(body) : null,
          }),
        );
      });
      return;
    }
    if (url.pathname === '/invalid') {
      response.statusCode = 400;
      response.setHeader('Content-Type', 'application/json');
      response.end(
        JSON.stringify({
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message: 'The trigram must have exactly 3 characters',
          issues: [{ path: 'body.trigram', message: 'Exactly 3 characters' }],
        }),
      );
      return;
    }
    if (url.pathname === '/empty') {
      response.statusCode = 204;
      response.end();
      return;
    }
    response.statusCode = 502;
    response.end('<html>Bad gateway</html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('apiRequest', () => {
  it('sends JSON bodies and query parameters and parses the JSON answer', async () => {
    const answer = await api.post<{
      method: string;
      query: Record<string, string>;
      contentType: string;
      body: unknown;
    }>(`${origin}/echo`, { title: 'Fix the logo' }, { query: { page: 2, skipped: undefined } });
    expect(answer).toEqual({
      method: 'POST',
      query: { page: '2' },
      contentType: 'application/json',
      body: { title: 'Fix the logo' },
    });
  });

  it('answers null for an empty body', async () => {
    await expect(apiRequest(`${origin}/empty`, { method: 'DELETE' })).resolves.toBeNull();
  });

  it("throws an ApiRequestError carrying the server's error shape", async () => {
    const failure = await api.get(`${origin}/invalid`).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect(failure).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'The trigram must have exactly 3 characters',
      issues: [{ path: 'body.trigram', message: 'Exactly 3 characters' }],
    });
  });

  it('still throws an ApiRequestError when the answer is not JSON', async () => {
    const failure = await api.get(`${origin}/missing`).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect(failure).toMatchObject({ statusCode: 502, code: 'HTTP_502' });
  });

  it('reports an unreachable server as a network error', async () => {
    const failure = await api.get('http://127.0.0.1:1/nothing').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect(failure).toMatchObject({ statusCode: 0, code: 'NETWORK_ERROR' });
  });
});

describe('refusalText', () => {
  it("tells a refusal or a network failure in the answer's words, anything else with the fallback", () => {
    const refused = new ApiRequestError({ statusCode: 409, code: 'conflict', message: 'The name is taken.' });
    const unreachable = new ApiRequestError({ statusCode: 0, code: 'NETWORK_ERROR', message: 'Offline.' });
    const broken = new ApiRequestError({ statusCode: 500, code: 'internal', message: 'Stack trace' });
    expect(refusalText(refused, 'Try again.')).toBe(refused.message);
    expect(refusalText(unreachable, 'Try again.')).toBe(unreachable.message);
    expect(refusalText(broken, 'Try again.')).toBe('Try again.');
    expect(refusalText(new Error('boom'), 'Try again.')).toBe('Try again.');
  });
});
