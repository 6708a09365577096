// @database pglite
import { startTestServer, type TestServer } from '@figgle/test-support/test-server';
import { uniqueEmail } from '@figgle/test-support/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendRaw } from '../support/raw-request.ts';

/**
 * DNS rebinding (issue 37, item 4): attacker.example made to resolve to 127.0.0.1 lets a page on
 * that site send requests whose Host and Origin are both attacker.example. Figgle answers only at
 * the names it knows, before any origin check, and its dev mailbox only at this machine's names.
 */

/** One request to the test server with exactly these headers, Host included. */
const send = (port: number, path: string, init?: Parameters<typeof sendRaw>[2]) =>
  sendRaw(`http://127.0.0.1:${port}`, path, init);

let server: TestServer;
let port: number;

beforeAll(async () => {
  // No SMTP_URL: emails go to the dev mailbox, as on a newcomer's machine.
  server = await startTestServer({ SMTP_URL: '', ALLOWED_HOSTS: 'figgle-box.lan' });
  port = Number(new URL(server.url).port);
});
afterAll(async () => {
  await server.close();
});

describe('a request naming a host Figgle does not answer at', () => {
  const rebound = () => ({ host: `attacker.example:${port}`, origin: `http://attacker.example:${port}` });

  it('is refused with 421 before anything else, the dev mailbox included', async () => {
    for (const path of ['/dev/mailbox', '/api/me', '/api/auth/get-session', '/']) {
      const answer = await send(port, path, { headers: rebound() });
      expect(answer.status, path).toBe(421);
      expect(answer.body).toContain('unknown_host');
      expect(answer.body).not.toContain('<article>');
    }
  });

  it('cannot ask for a magic link with an Origin matching its Host, and no email is sent', async () => {
    const email = uniqueEmail('rebound');
    const asked = await send(port, '/api/auth/sign-in/magic-link', {
      headers: rebound(),
      body: { email, callbackURL: '/' },
    });
    expect(asked.status).toBe(421);
    const mailbox = await send(port, '/dev/mailbox', { headers: { host: `127.0.0.1:${port}` } });
    expect(mailbox.status).toBe(200);
    expect(mailbox.body).not.toContain(email);
  });

  it('/healthz still answers a probe by any name', async () => {
    expect((await send(port, '/healthz', { headers: { host: `figgle-service:${port}` } })).status).toBe(200);
  });
});

describe('the names Figgle answers at', () => {
  it.each([['localhost'], ['127.0.0.1'], ['[::1]'], ['10.0.0.7'], ['figgle-box.lan'], ['FIGGLE-BOX.LAN']])(
    '%s',
    async (name) => {
      // Answered as any request is: not signed in.
      const answer = await send(port, '/api/me', { headers: { host: `${name}:${port}` } });
      expect(answer.status, answer.body).toBe(401);
    },
  );
});

describe('the dev mailbox', () => {
  it.each([['localhost'], ['127.0.0.1'], ['[::1]']])('answers this machine named %s', async (name) => {
    expect((await send(port, '/dev/mailbox', { headers: { host: `${name}:${port}` } })).status).toBe(200);
  });

  it.each([['10.0.0.7'], ['figgle-box.lan']])(
    'is not found when the request names %s, even from this machine',
    async (name) => {
      expect((await send(port, '/dev/mailbox', { headers: { host: `${name}:${port}` } })).status).toBe(404);
    },
  );
});
