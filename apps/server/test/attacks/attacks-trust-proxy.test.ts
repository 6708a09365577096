// @database pglite

import { startTestServer, type TestServer } from '@figgle/test-support/test-server';
import { apiAs, uniqueEmail } from '@figgle/test-support/users';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../../src/env.ts';

/**
 * X-Forwarded-For is whatever the client writes. Believed by default, it would let anyone claim a
 * new address per request and never meet the per-IP attempt limits. TRUST_PROXY turns it on.
 */

/** request-password-reset allows 20 requests per IP in 15 minutes (auth/routes.ts). */
const PER_IP_LIMIT = 20;

// Outside NODE_ENV=test, loopback is not exempt from the limits, as in production.
const development = { NODE_ENV: 'development', SMTP_URL: 'smtp://127.0.0.1:9' };

async function statusesWithSpoofedAddresses(server: TestServer, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < count; attempt += 1) {
    const response = await apiAs(server, '')('/api/auth/request-password-reset', {
      body: { email: uniqueEmail('spoof') },
      headers: { 'x-forwarded-for': `198.51.100.${attempt + 1}` },
    });
    statuses.push(response.status);
  }
  return statuses;
}

describe('X-Forwarded-For and the per-IP limits', () => {
  it('by default a spoofed X-Forwarded-For does not dodge the per-IP limit', async () => {
    const server = await startTestServer(development);
    try {
      const statuses = await statusesWithSpoofedAddresses(server, PER_IP_LIMIT + 2);
      expect(statuses.slice(0, PER_IP_LIMIT)).toEqual(Array(PER_IP_LIMIT).fill(200));
      expect(statuses.slice(PER_IP_LIMIT)).toEqual([429, 429]);
    } finally {
      await server.close();
    }
  });

  it('with TRUST_PROXY=1 the proxy’s X-Forwarded-For names the client, each with its own count', async () => {
    const server = await startTestServer({ ...development, TRUST_PROXY: '1' });
    try {
      const statuses = await statusesWithSpoofedAddresses(server, PER_IP_LIMIT + 2);
      expect(statuses).toEqual(Array(PER_IP_LIMIT + 2).fill(200));
    } finally {
      await server.close();
    }
  });

  it.each([
    [undefined, false],
    ['false', false],
    ['true', true],
    ['2', 2],
    ['10.0.0.1, 192.168.0.0/16', '10.0.0.1,192.168.0.0/16'],
    ['::1', '::1'],
  ])('reads TRUST_PROXY=%s as %s', (value, expected) => {
    const env = loadEnv({
      NODE_ENV: 'test',
      DATA_DIR: '/tmp/figgle-env',
      SECRET: 's'.repeat(32),
      TRUST_PROXY: value,
    });
    expect(env.TRUST_PROXY).toEqual(expected);
  });

  it.each(['everyone', '10.0.0.1/33', '10.0.0.300', '-1'])(
    'refuses TRUST_PROXY=%s with one clear line',
    (value) => {
      const load = () =>
        loadEnv({
          NODE_ENV: 'test',
          DATA_DIR: '/tmp/figgle-env',
          SECRET: 's'.repeat(32),
          TRUST_PROXY: value,
        });
      expect(load).toThrow(EnvError);
      expect(load).toThrow(
        /^Invalid settings:\n {2}TRUST_PROXY: must be false, true, a number of proxy hops, or a comma-separated list/,
      );
    },
  );
});
