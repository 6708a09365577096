// @database pglite
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../src/env.ts';
import { createMailer, type Mailer } from '../../src/mail/mailer.ts';

/**
 * smtp:// upgrades with STARTTLS whenever the server offers it; `?starttls` requires it (and a
 * certificate that checks out), `?starttls=off` never upgrades. Each case sends one message to a
 * real SMTP server on loopback (smtp-server, with its built-in self-signed certificate) and looks at
 * how it arrived.
 */

interface Arrival {
  to: string;
  overTls: boolean;
}

class SmtpServerUnderTest {
  readonly arrivals: Arrival[] = [];
  private readonly server: SMTPServer;
  port = 0;

  constructor(offersStartTls: boolean) {
    this.server = new SMTPServer({
      authOptional: true,
      logger: false,
      disabledCommands: offersStartTls ? [] : ['STARTTLS'],
      onData: (stream, session, callback) => {
        stream.resume();
        stream.on('end', () => {
          this.arrivals.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address).join(','),
            overTls: session.secure,
          });
          callback();
        });
      },
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
    return this;
  }

  url(query = ''): string {
    return `smtp://127.0.0.1:${this.port}${query}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'figgle-starttls-'));
const silent = Fastify({ logger: false }).log;
let offering: SmtpServerUnderTest;
let plainOnly: SmtpServerUnderTest;
const mailers: Mailer[] = [];

function mailerFor(smtpUrl: string): Mailer {
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SECRET: 'test-secret-that-is-long-enough-0123456789',
    SMTP_URL: smtpUrl,
  });
  const mailer = createMailer(env, silent);
  mailers.push(mailer);
  return mailer;
}

const message = (to: string) => ({ to, subject: 'Hello', text: 'Hello there', html: '<p>Hello there</p>' });

beforeAll(async () => {
  offering = await new SmtpServerUnderTest(true).start();
  plainOnly = await new SmtpServerUnderTest(false).start();
});
afterEach(() => {
  for (const mailer of mailers.splice(0)) mailer.close();
});
afterAll(async () => {
  await offering?.stop();
  await plainOnly?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('smtp:// without a starttls setting', () => {
  it('upgrades to TLS when the server offers STARTTLS, even with a self-signed certificate', async () => {
    await mailerFor(offering.url()).send(message('upgraded@example.test'));
    expect(offering.arrivals.find((a) => a.to === 'upgraded@example.test')).toEqual({
      to: 'upgraded@example.test',
      overTls: true,
    });
  });

  it('still sends in plain text to a server that offers no STARTTLS', async () => {
    await mailerFor(plainOnly.url()).send(message('plain@example.test'));
    expect(plainOnly.arrivals.find((a) => a.to === 'plain@example.test')?.overTls).toBe(false);
  });

  it('`?starttls=auto` says the same explicitly', async () => {
    await mailerFor(offering.url('?starttls=auto')).send(message('auto@example.test'));
    expect(offering.arrivals.find((a) => a.to === 'auto@example.test')?.overTls).toBe(true);
  });
});

describe('smtp:// with ?starttls=off', () => {
  it('never upgrades, even when the server offers it', async () => {
    await mailerFor(offering.url('?starttls=off')).send(message('opted-out@example.test'));
    expect(offering.arrivals.find((a) => a.to === 'opted-out@example.test')?.overTls).toBe(false);
  });
});

describe('smtp:// with ?starttls (required)', () => {
  it('refuses to send to a server without STARTTLS: nothing arrives', async () => {
    await expect(
      mailerFor(plainOnly.url('?starttls')).send(message('required-plain@example.test')),
    ).rejects.toThrow();
    expect(plainOnly.arrivals.some((a) => a.to === 'required-plain@example.test')).toBe(false);
  });

  it('checks the certificate: a self-signed one is refused and nothing arrives', async () => {
    await expect(
      mailerFor(offering.url('?starttls=required')).send(message('required-self-signed@example.test')),
    ).rejects.toThrow(/certificate/i);
    expect(offering.arrivals.some((a) => a.to === 'required-self-signed@example.test')).toBe(false);
  });
});

it('an unknown starttls value stops with a clear message', () => {
  expect(() => mailerFor(offering.url('?starttls=maybe'))).toThrow(
    'SMTP_URL: starttls must be auto, required or off (got "maybe")',
  );
});
