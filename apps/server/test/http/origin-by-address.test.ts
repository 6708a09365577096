// @database pglite
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import { startTestServer, type TestServer } from '@figgle/test-support/test-server';
import { startMailCatcher, uniqueEmail } from '@figgle/test-support/users';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TestSocket } from '../realtime/realtime-socket.ts';
import { sendRaw } from '../support/raw-request.ts';
import { killLeftoverServers, startServerProcess } from '../support/server-process.ts';

/**
 * Same origin means the address a request was sent to (its Host, or the forwarded host behind a
 * trusted proxy) or PUBLIC_URL. The servers here listen on 127.0.0.1 while PUBLIC_URL names
 * http://localhost:3000, as when `npm start` is opened at 127.0.0.1 or a LAN address.
 */

const PUBLIC_URL = 'http://localhost:3000';
const FOREIGN = 'https://evil.example';

function addressOf(server: TestServer): string {
  const address = server.app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

/** Registers, confirms through the emailed link and signs in, all from a page at `origin`. */
async function registerFrom(
  address: string,
  mail: MailCatcher,
  origin: string,
): Promise<{ email: string; cookie: string; steps: Record<string, number> }> {
  const email = uniqueEmail('by-address');
  const password = 'by-address-pw-1';
  const headers = { origin };
  const signUp = await sendRaw(address, '/api/auth/sign-up/email', {
    headers,
    body: { email, password, name: 'Ada Lovelace', firstname: 'Ada', lastname: 'Lovelace' },
  });
  const steps: Record<string, number> = { signUp: signUp.status };
  if (signUp.status !== 200) return { email, cookie: '', steps };
  const message = await mail.waitFor(email, /confirm/i);
  // The link names PUBLIC_URL; this machine reaches the same server at its own address.
  const link = new URL(/https?:\/\/\S+verify-email\S+/.exec(message.text)?.[0] ?? '');
  expect(link.origin).toBe(PUBLIC_URL);
  // Opened in the browser that signed up (its sign-up cookie).
  steps.confirm = (
    await sendRaw(address, `${link.pathname}${link.search}`, { headers: { cookie: signUp.cookie } })
  ).status;
  const signIn = await sendRaw(address, '/api/auth/sign-in/email', { headers, body: { email, password } });
  steps.signIn = signIn.status;
  return { email, cookie: signIn.cookie, steps };
}

let mail: MailCatcher;
let server: TestServer;
let address: string;

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({ PUBLIC_URL, SMTP_URL: mail.url, ALLOWED_HOSTS: 'figgle-box.lan' });
  address = addressOf(server);
});
afterAll(async () => {
  await server?.close();
  await mail?.stop();
});

describe('a page at the address the request was sent to', () => {
  it('registers, confirms, signs in, writes and signs out while PUBLIC_URL names another address', async () => {
    const { cookie, steps } = await registerFrom(address, mail, address);
    expect(steps).toEqual({ signUp: 200, confirm: 302, signIn: 200 });
    const headers = { origin: address, cookie };

    const renamed = await sendRaw(address, '/api/me', {
      method: 'PATCH',
      headers,
      body: { firstname: 'Augusta' },
    });
    expect(renamed.status, renamed.body).toBe(200);
    // better-auth checks the Origin of cookie-bearing requests to its own endpoints too.
    const signOut = await sendRaw(address, '/api/auth/sign-out', { headers, body: {} });
    expect(signOut.status, signOut.body).toBe(200);
    expect((await sendRaw(address, '/api/me', { headers: { cookie } })).status).toBe(401);
  });

  it('counts the Host header the browser sent, by any name this server answers at (ALLOWED_HOSTS)', async () => {
    const { cookie } = await registerFrom(address, mail, address);
    const port = new URL(address).port;
    const lanName = `figgle-box.lan:${port}`;
    const answer = await sendRaw(address, '/api/inbox/seen', {
      headers: { host: lanName, origin: `http://${lanName}`, cookie },
      body: {},
    });
    expect(answer.status, answer.body).toBe(200);
    // The Origin must match the Host it came with, not any address of the server.
    const mismatched = await sendRaw(address, '/api/inbox/seen', {
      headers: { host: lanName, origin: address, cookie },
      body: {},
    });
    expect(mismatched.status).toBe(403);
  });

  it('PUBLIC_URL still counts', async () => {
    const { cookie } = await registerFrom(address, mail, address);
    const answer = await sendRaw(address, '/api/me', {
      method: 'PATCH',
      headers: { origin: PUBLIC_URL, cookie },
      body: { firstname: 'Grace' },
    });
    expect(answer.status, answer.body).toBe(200);
  });
});

describe('a page of another site', () => {
  let cookie: string;
  beforeAll(async () => {
    ({ cookie } = await registerFrom(address, mail, address));
  });

  it.each([
    ['another site', () => FOREIGN],
    ['the same host on another port', () => 'http://127.0.0.1:1'],
    ['the same host over https', () => address.replace('http:', 'https:')],
    ['an opaque origin', () => 'null'],
  ])('is refused with 403 from %s, and nothing changes', async (_what, originOf) => {
    const origin = originOf();
    const answer = await sendRaw(address, '/api/me', {
      method: 'PATCH',
      headers: { origin, cookie },
      body: { firstname: 'Mallory' },
    });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toMatchObject({
      code: 'forbidden_origin',
      message: 'This request came from another site and was refused.',
    });
    const me = JSON.parse((await sendRaw(address, '/api/me', { headers: { cookie } })).body);
    expect(me.firstname).toBe('Ada');
  });

  it('is refused when the browser says the request is cross-site, even without an Origin', async () => {
    const answer = await sendRaw(address, '/api/inbox/seen', {
      headers: { 'sec-fetch-site': 'cross-site', cookie },
      body: {},
    });
    expect(answer.status).toBe(403);
  });

  it('cannot sign up or sign in either', async () => {
    const signUp = await sendRaw(address, '/api/auth/sign-up/email', {
      headers: { origin: FOREIGN },
      body: { email: uniqueEmail('foreign'), password: 'foreign-pw-1', firstname: 'A', lastname: 'B' },
    });
    expect(signUp.status).toBe(403);
  });
});

describe('the decoded path of the matched route decides', () => {
  let cookie: string;
  beforeAll(async () => {
    ({ cookie } = await registerFrom(address, mail, address));
  });

  it.each(['/%61pi/inbox/seen', '/api/%69nbox/seen', '/api/inbox/se%65n', '/api/inbox//seen'])(
    '%s with another site’s Origin is refused',
    async (path) => {
      const answer = await sendRaw(address, path, { headers: { origin: FOREIGN, cookie }, body: {} });
      expect(answer.status, answer.body).toBe(403);
    },
  );

  it('the same percent-encoded path from the app’s own page is served', async () => {
    const answer = await sendRaw(address, '/%61pi/inbox/seen', {
      headers: { origin: address, cookie },
      body: {},
    });
    expect(answer.status, answer.body).toBe(200);
  });

  it.each(['/api/figma/webhook', '/%61pi/figma/webhook'])(
    'the Figma webhook (%s), called by Figma’s servers, is not an Origin matter',
    async (path) => {
      const answer = await sendRaw(address, path, {
        headers: { origin: FOREIGN },
        body: { event_type: 'PING', passcode: 'wrong', webhook_id: '1' },
      });
      expect(answer.status).not.toBe(403);
      expect(answer.body).not.toContain('forbidden_origin');
    },
  );
});

describe('behind a proxy', () => {
  const forwarded = { 'x-forwarded-host': 'figgle.example.org', 'x-forwarded-proto': 'https' };
  const proxiedOrigin = 'https://figgle.example.org';

  it('the forwarded host and scheme count when TRUST_PROXY is set', async () => {
    const proxied = await startTestServer({
      PUBLIC_URL,
      SMTP_URL: mail.url,
      TRUST_PROXY: 'true',
      ALLOWED_HOSTS: 'figgle.example.org',
    });
    try {
      const at = addressOf(proxied);
      const { cookie, steps } = await registerFrom(at, mail, at);
      expect(steps.signIn).toBe(200);
      const write = await sendRaw(at, '/api/inbox/seen', {
        headers: { ...forwarded, origin: proxiedOrigin, cookie },
        body: {},
      });
      expect(write.status, write.body).toBe(200);
      const signOut = await sendRaw(at, '/api/auth/sign-out', {
        headers: { ...forwarded, origin: proxiedOrigin, cookie },
        body: {},
      });
      expect(signOut.status, signOut.body).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('forwarded headers are ignored without TRUST_PROXY', async () => {
    const { cookie } = await registerFrom(address, mail, address);
    const write = await sendRaw(address, '/api/inbox/seen', {
      headers: { ...forwarded, origin: proxiedOrigin, cookie },
      body: {},
    });
    expect(write.status).toBe(403);
    const signOut = await sendRaw(address, '/api/auth/sign-out', {
      headers: { ...forwarded, origin: proxiedOrigin, cookie },
      body: {},
    });
    expect(signOut.status).toBe(403);
  });

  it('a client cannot name the origin better-auth trusts by sending Figgle’s internal header', async () => {
    const { cookie } = await registerFrom(address, mail, address);
    const signOut = await sendRaw(address, '/api/auth/sign-out', {
      headers: { 'x-figgle-request-origin': FOREIGN, origin: FOREIGN, cookie },
      body: {},
    });
    expect(signOut.status).toBe(403);
    expect((await sendRaw(address, '/api/me', { headers: { cookie } })).status).toBe(200);
  });
});

describe('the live-update socket', () => {
  let cookie: string;
  beforeAll(async () => {
    ({ cookie } = await registerFrom(address, mail, address));
  });

  it('opens from a page at the address it was sent to', async () => {
    const socket = await TestSocket.open(address, { cookie, origin: address });
    expect(socket.frames[0]?.type).toBe('hello');
    socket.ws.close();
  });

  it('opens from a page at PUBLIC_URL', async () => {
    const socket = await TestSocket.open(address, { cookie, origin: PUBLIC_URL });
    socket.ws.close();
  });

  it('is refused with 403 from another site', async () => {
    expect(await TestSocket.connect(address, { cookie, origin: FOREIGN }).refusal()).toBe(403);
  });
});

/**
 * better-auth checks the Origin of its cookie-bearing requests itself, but not when NODE_ENV is test
 * or TEST is set (vitest sets both): this server runs as `npm start` does, in development.
 */
describe('the server process in development, better-auth’s own check on', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'figgle-origin-by-address-'));
  afterEach(killLeftoverServers);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('registers, confirms, signs in and signs out from a page at 127.0.0.1', {
    timeout: 120_000,
  }, async () => {
    const server = await startServerProcess({
      NODE_ENV: 'development',
      TEST: '',
      DATA_DIR: dataDir,
      PUBLIC_URL,
      SMTP_URL: mail.url,
    });
    try {
      const { cookie, steps } = await registerFrom(server.url, mail, server.url);
      expect(steps).toEqual({ signUp: 200, confirm: 302, signIn: 200 });
      const headers = { origin: server.url, cookie };
      const signOut = await sendRaw(server.url, '/api/auth/sign-out', { headers, body: {} });
      expect(signOut.status, signOut.body).toBe(200);
      expect((await sendRaw(server.url, '/api/me', { headers: { cookie } })).status).toBe(401);
    } finally {
      await server.stop();
    }
  });
});
