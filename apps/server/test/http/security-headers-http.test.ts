// @database pglite

import { apiAs } from '@figgle/test-support/users';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInstance } from '../../src/app-types.ts';
import { inlineScriptHashes, installSecurityHeaders } from '../../src/http/security-headers.ts';
import { type HostileWorld, startHostileWorld } from '../support/hostile-world.ts';

/**
 * Every answer of the real server, success or refusal, carries the security headers; API answers
 * get a policy that allows nothing at all, pages get the app's strict one (checked here on a page
 * with an inline script, and on the built app by e2e/tests/smoke.spec.ts).
 */

const API_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";

let world: HostileWorld;
beforeAll(async () => {
  world = await startHostileWorld();
});
afterAll(async () => {
  await world?.close();
});

const ANSWERS: Array<[string, (w: HostileWorld) => Promise<Response>, number]> = [
  ['a JSON answer', (w) => w.users.owner.api('/api/me'), 200],
  ['the health check', (w) => fetch(`${w.server.url}/healthz`), 200],
  ['the API description', (w) => fetch(`${w.server.url}/api/openapi.json`), 200],
  ['an anonymous refusal', (w) => apiAs(w.server, '')('/api/me'), 401],
  [
    'a refused Origin',
    (w) =>
      w.users.owner.api('/api/me', {
        method: 'PATCH',
        body: { firstname: 'X' },
        headers: { origin: 'https://evil.example' },
      }),
    403,
  ],
  ['an unknown route', (w) => w.users.owner.api('/api/nothing-here'), 404],
  ['a validation failure', (w) => w.users.owner.api('/api/tasks/not-a-uuid'), 400],
  [
    'a better-auth error',
    (w) =>
      apiAs(w.server, '')('/api/auth/sign-in/email', {
        body: { email: w.users.owner.email, password: 'wrong-one' },
      }),
    401,
  ],
];

describe('security headers on every API answer', () => {
  it.each(ANSWERS)('%s carries them', async (_what, call, status) => {
    const response = await call(world);
    expect(response.status).toBe(status);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(response.headers.get('content-security-policy')).toBe(API_POLICY);
    // Read to the end: an answer left unread (the API description is large) holds its connection busy
    // until the client's copy is garbage-collected, and the server's close waits for it (CI run ci27).
    await response.arrayBuffer();
  });

  it('a served file gets its own sandboxed policy, never framed, never sniffed', async () => {
    const response = await world.users.owner.api(`/api/uploads/${world.uploadPath}`);
    expect(response.status).toBe(200);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain('sandbox');
    expect(policy).not.toContain('script-src');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    await response.arrayBuffer();
  });
});

describe('the app page’s Content-Security-Policy', () => {
  const page =
    '<!doctype html><html><head><script>window.theme = "dark";</script></head><body></body></html>';
  let url: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const app = Fastify();
    installSecurityHeaders(app as unknown as AppInstance, inlineScriptHashes(page));
    app.get('/projects', async (_request, reply) => reply.type('text/html; charset=utf-8').send(page));
    app.get('/cached', async (_request, reply) => reply.status(304).send());
    url = await app.listen({ host: '127.0.0.1', port: 0 });
    close = () => app.close();
  });
  afterAll(async () => {
    await close?.();
  });

  it('allows the page’s own inline script by its hash only: no unsafe-inline, no eval, no framing', async () => {
    const response = await fetch(`${url}/projects`);
    const policy = response.headers.get('content-security-policy') ?? '';
    const directives = Object.fromEntries(
      policy.split(';').map((directive) => {
        const [name = '', ...values] = directive.trim().split(/\s+/);
        return [name, values];
      }),
    );
    expect(directives['script-src']).toEqual(["'self'", ...inlineScriptHashes(page)]);
    expect(policy).not.toMatch(/unsafe-eval/);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['base-uri']).toEqual(["'self'"]);
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('leaves a 304 without a policy, so the cached page keeps the one it came with', async () => {
    const response = await fetch(`${url}/cached`);
    expect(response.status).toBe(304);
    expect(response.headers.get('content-security-policy')).toBeNull();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
