// @database pglite
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestServer, type TestServer } from '@figgle/test-support/test-server';
import { apiAs, cookieHeaderFrom, uniqueEmail } from '@figgle/test-support/users';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comesFromThisMachine, isLoopbackAddress } from '../../src/mail/dev-mailbox-routes.ts';
import {
  killLeftoverServers,
  runServerUntilExit,
  type ServerProcess,
  startServerProcess,
} from '../support/server-process.ts';

/**
 * Without SMTP_URL and outside production, every email goes to the page /dev/mailbox (the last 50
 * messages, links clickable), so a newcomer can register with no setup. Its links sign people in:
 * the page answers only connections from this machine, and the log never carries a message's text.
 * In production a missing SMTP_URL stops the server before it boots.
 */

const MAILBOX_SIZE = 50;

interface MailboxEntry {
  subject: string;
  to: string;
  /** The href of every link of the message, HTML entities decoded. */
  links: string[];
}

const decodeEntities = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** The messages the page shows, top to bottom, read from its HTML. */
function entriesOf(html: string): MailboxEntry[] {
  return [...html.matchAll(/<article>([\s\S]*?)<\/article>/g)].map(([, article = '']) => ({
    subject: decodeEntities(/<h2>([\s\S]*?)<\/h2>/.exec(article)?.[1] ?? ''),
    to: decodeEntities(/<p class="meta">To (.*?) · /.exec(article)?.[1] ?? ''),
    links: [...article.matchAll(/<a href="([^"]*)">/g)].map(([, href = '']) => decodeEntities(href)),
  }));
}

async function readMailbox(server: TestServer): Promise<{ status: number; type: string; html: string }> {
  const response = await fetch(`${server.url}/dev/mailbox`);
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    html: await response.text(),
  };
}

/** Emails leave in the background of the request that caused them: wait until the page shows them. */
async function waitForMailbox(server: TestServer, until: (entries: MailboxEntry[]) => boolean) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const entries = entriesOf((await readMailbox(server)).html);
    if (until(entries)) return entries;
    if (Date.now() > deadline) throw new Error(`dev mailbox never matched: ${JSON.stringify(entries)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function signUp(server: TestServer, email: string, password = 'dev-mailbox-pw-1') {
  const response = await apiAs(server, '')('/api/auth/sign-up/email', {
    body: { email, password, name: 'Dev Mailbox', firstname: 'Dev', lastname: 'Mailbox' },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return cookieHeaderFrom(response);
}

describe('the dev mailbox (no SMTP_URL, not production)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is empty at first and says so', async () => {
    const fresh = await startTestServer();
    try {
      const page = await readMailbox(fresh);
      expect(page.status).toBe(200);
      expect(page.type).toMatch(/^text\/html/);
      expect(page.html).toContain('<h1>Dev mailbox</h1>');
      expect(page.html).toContain('No messages yet.');
      expect(entriesOf(page.html)).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  it('shows the confirmation of a sign-up with a clickable link to PUBLIC_URL that confirms the account', async () => {
    const email = uniqueEmail('mailbox');
    const password = 'dev-mailbox-pw-1';
    const signUpCookie = await signUp(server, email, password);

    const entries = await waitForMailbox(server, (all) => all.some((entry) => entry.to === email));
    const confirmation = entries.find((entry) => entry.to === email)!;
    expect(confirmation.subject).toBe('Confirm your Figgle account');
    expect(confirmation.links).toHaveLength(1);
    const link = confirmation.links[0]!;
    expect(link.startsWith(`${server.url}/api/auth/verify-email?`)).toBe(true);
    expect(new URL(link).searchParams.get('token')).toBeTruthy();

    // Not confirmed yet: signing in is refused; the link from the page confirms the address.
    const before = await apiAs(server, '')('/api/auth/sign-in/email', { body: { email, password } });
    expect(before.status).toBe(403);
    // Followed in the browser that signed up (its sign-up cookie): the password stays.
    const followed = await fetch(link, { redirect: 'manual', headers: { cookie: signUpCookie } });
    expect(followed.status).toBeLessThan(400);
    const signIn = await apiAs(server, '')('/api/auth/sign-in/email', { body: { email, password } });
    expect(signIn.status).toBe(200);
    const me = await apiAs(server, cookieHeaderFrom(signIn))('/api/me');
    expect(me.status).toBe(200);
  });

  it('keeps only the last 50 messages, newest first', { timeout: 120_000 }, async () => {
    const emails = Array.from({ length: MAILBOX_SIZE + 5 }, (_, index) => uniqueEmail(`bulk${index}`));
    for (const email of emails) await signUp(server, email);

    const newest = emails.at(-1)!;
    const entries = await waitForMailbox(server, (all) => all[0]?.to === newest);
    expect(entries).toHaveLength(MAILBOX_SIZE);
    expect(entries.map((entry) => entry.to)).toEqual(emails.slice(-MAILBOX_SIZE).reverse());
    expect(entries.every((entry) => entry.subject === 'Confirm your Figgle account')).toBe(true);
    const page = (await readMailbox(server)).html;
    for (const dropped of emails.slice(0, 5)) expect(page).not.toContain(dropped);
  });

  it('is named to the account pages of a browser on this machine, so a newcomer finds the email', async () => {
    const providers = async (headers: Record<string, string> = {}) =>
      (
        (await (await fetch(`${server.url}/api/auth-providers`, { headers })).json()) as {
          dev_mailbox: boolean;
        }
      ).dev_mailbox;
    expect(await providers()).toBe(true);
    // Relayed by a proxy, the request may come from anyone: the page would answer 404 to it.
    expect(await providers({ 'x-forwarded-for': '203.0.113.9' })).toBe(false);
  });

  it('is not served when SMTP_URL is set', async () => {
    const withSmtp = await startTestServer({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      expect((await readMailbox(withSmtp)).status).toBe(404);
      const providers = await (await fetch(`${withSmtp.url}/api/auth-providers`)).json();
      expect(providers).toMatchObject({ dev_mailbox: false });
    } finally {
      await withSmtp.close();
    }
  });
});

/** This machine's first address outside loopback: connecting to it, the server sees that address. */
function otherAddressOfThisMachine(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((entry) => entry && !entry.internal && entry.family === 'IPv4')?.address;
}

describe('who may read the dev mailbox', () => {
  const socketAt = (remoteAddress: string | undefined, headers: Record<string, string> = {}) =>
    ({ raw: { socket: { remoteAddress } }, headers }) as unknown as FastifyRequest;

  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])('%s is this machine', (address) => {
    expect(isLoopbackAddress(address)).toBe(true);
    expect(comesFromThisMachine(socketAt(address))).toBe(true);
  });

  it.each([
    '192.0.2.2',
    '10.0.0.1',
    '::ffff:10.0.0.1',
    'fd00::2',
    '::',
    '0.0.0.0',
    '1.127.0.0',
    '',
    undefined,
  ])('%s is not', (address) => {
    expect(isLoopbackAddress(address)).toBe(false);
    expect(comesFromThisMachine(socketAt(address))).toBe(false);
  });

  it.each(['x-forwarded-for', 'forwarded', 'x-real-ip'])(
    'a loopback connection relayed by a proxy (%s) is not: the proxy serves everyone',
    (header) => {
      expect(comesFromThisMachine(socketAt('127.0.0.1', { [header]: '127.0.0.1' }))).toBe(false);
    },
  );
});

describe('the dev mailbox in the server process, listening on every interface', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'figgle-dev-mailbox-'));
  let server: ServerProcess;
  let port: string;
  const other = otherAddressOfThisMachine();
  beforeAll(async () => {
    // TRUST_PROXY on: even a proxy the server believes cannot vouch for the mailbox's reader.
    server = await startServerProcess({
      DATA_DIR: dataDir,
      SMTP_URL: '',
      PUBLIC_URL: '',
      HOST: '0.0.0.0',
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'trace',
    });
    port = new URL(server.url).port;
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    await killLeftoverServers();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('says at start where it answers, and that emailed links will point to localhost', () => {
    expect(other, 'this machine needs a network interface besides loopback').toBeDefined();
    expect(server.output()).toContain(`Figgle is running at http://localhost:${port}`);
    expect(server.output()).toContain(`It answers at http://127.0.0.1:${port}, `);
    expect(server.output()).toContain(`http://${other}:${port}`);
    expect(server.output()).toContain(
      `Emailed links will point to http://localhost:${port}, which opens only on this machine: set PUBLIC_URL to the address people use`,
    );
  });

  it('answers this machine, and says who else it answers', async () => {
    const page = await fetch(`${server.url}/dev/mailbox`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('this page answers only a browser on this machine');
  });

  it('answers 404 to a connection from another address, whatever its headers claim', async () => {
    expect(other, 'this machine needs a network interface besides loopback').toBeDefined();
    const plain = await fetch(`http://${other}:${port}/dev/mailbox`);
    expect(plain.status).toBe(404);
    const claiming = await fetch(`http://${other}:${port}/dev/mailbox`, {
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(claiming.status).toBe(404);
    expect(await claiming.text()).not.toContain('Dev mailbox');
    // The rest of Figgle answers there as usual.
    expect((await fetch(`http://${other}:${port}/healthz`)).status).toBe(200);
  });

  it('answers 404 to a request a proxy on this machine relays', async () => {
    const relayed = await fetch(`${server.url}/dev/mailbox`, {
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(relayed.status).toBe(404);
  });

  it('writes no email body or link to the log, even at trace level', { timeout: 60_000 }, async () => {
    const email = uniqueEmail('logged');
    const response = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { origin: server.url, 'content-type': 'application/json' },
      body: JSON.stringify({
        email,
        password: 'dev-mailbox-pw-1',
        name: 'Log Reader',
        firstname: 'Log',
        lastname: 'Reader',
      }),
    });
    expect(response.status).toBe(200);
    let link = '';
    const deadline = Date.now() + 10_000;
    while (!link && Date.now() < deadline) {
      const html = await (await fetch(`${server.url}/dev/mailbox`)).text();
      const entry = entriesOf(html).find((found) => found.to === email);
      link = entry?.links[0] ?? '';
      if (!link) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const token = new URL(link).searchParams.get('token');
    expect(token).toBeTruthy();
    // The log saw the message go by, and the page being read, but none of what it says.
    expect(server.output()).toContain('dev mailbox: message stored');
    expect(server.output()).toContain('"url":"/dev/mailbox"');
    expect(server.output()).not.toContain(token);
    expect(server.output()).not.toContain('Please confirm your email address');
  });
});

describe('production without SMTP', () => {
  it('refuses to boot: one clear line and exit code 1', { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'figgle-prod-no-smtp-'));
    try {
      const { code, output } = await runServerUntilExit({
        NODE_ENV: 'production',
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: '0',
        PUBLIC_URL: 'https://figgle.example.test',
        SECRET: 'production-secret-that-is-long-enough-0123',
        SMTP_URL: '',
        FIGGLE_SERVE_WEB: '0',
      });
      expect(code).toBe(1);
      expect(output).toContain('Invalid settings:\n  SMTP_URL: is required in production');
      expect(output).not.toContain('Figgle is running');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
