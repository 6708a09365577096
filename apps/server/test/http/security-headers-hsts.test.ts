// @database pglite

import { startTestServer, type TestServer } from '@figgle/test-support/test-server';
import { afterEach, describe, expect, it } from 'vitest';
import { STRICT_TRANSPORT_SECURITY } from '../../src/http/security-headers.ts';

/**
 * Strict-Transport-Security tells browsers to use https for a year: sent when PUBLIC_URL is https,
 * or when the request came over https through a proxy TRUST_PROXY believes. Never on a plain-http
 * Figgle, where it would lock people out of the only address that works.
 */

const started: TestServer[] = [];
async function server(settings: Record<string, string>): Promise<{ url: string }> {
  const running = await startTestServer(settings);
  started.push(running);
  const address = running.app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('not listening');
  return { url: `http://127.0.0.1:${address.port}` };
}
afterEach(async () => {
  await Promise.all(started.splice(0).map((running) => running.close()));
});

const hstsOf = (response: Response) => response.headers.get('strict-transport-security');

describe('Strict-Transport-Security', () => {
  it('is on every answer when PUBLIC_URL is https: success, refusal, not found', async () => {
    const { url } = await server({ PUBLIC_URL: 'https://figgle.example.test' });
    const answers = await Promise.all([
      fetch(`${url}/healthz`),
      fetch(`${url}/api/me`),
      fetch(`${url}/api/me`, { method: 'PATCH', headers: { origin: 'https://evil.example' } }),
      fetch(`${url}/api/nothing-here`),
    ]);
    expect(answers.map((response) => response.status)).toEqual([200, 401, 403, 404]);
    for (const response of answers) expect(hstsOf(response)).toBe(STRICT_TRANSPORT_SECURITY);
    expect(STRICT_TRANSPORT_SECURITY).toBe('max-age=31536000');
  });

  it('is absent on a plain-http Figgle', async () => {
    const { url } = await server({});
    const response = await fetch(`${url}/healthz`);
    expect(response.status).toBe(200);
    expect(hstsOf(response)).toBeNull();
  });

  it('follows X-Forwarded-Proto: https from a trusted proxy', async () => {
    const { url } = await server({ TRUST_PROXY: '1' });
    const proxied = await fetch(`${url}/healthz`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(hstsOf(proxied)).toBe(STRICT_TRANSPORT_SECURITY);
    const direct = await fetch(`${url}/healthz`);
    expect(hstsOf(direct)).toBeNull();
  });

  it('ignores X-Forwarded-Proto without TRUST_PROXY', async () => {
    const { url } = await server({});
    const response = await fetch(`${url}/healthz`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(hstsOf(response)).toBeNull();
  });
});
