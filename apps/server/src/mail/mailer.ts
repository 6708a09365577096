import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Env } from '../env.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (a notification's List-Unsubscribe); ASCII only. */
  headers?: Record<string, string>;
}

interface StoredMail extends MailMessage {
  id: number;
  sentAt: Date;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /**
   * Sends without making the caller wait; a failure is logged. For messages whose request must
   * answer at the same speed whether or not an email goes out (reset, magic link, confirmation).
   */
  sendInBackground(message: MailMessage): void;
  /** Resolves when every message handed to sendInBackground so far has been sent or has failed. */
  flush(): Promise<void>;
  /** The dev mailbox (newest first) when no SMTP server is configured; empty otherwise. */
  recent(): StoredMail[];
  readonly usesDevMailbox: boolean;
  close(): void;
}

const DEV_MAILBOX_SIZE = 50;

/**
 * SMTP when SMTP_URL is set. Without it (never in production: env.ts refuses), each message goes to
 * the in-memory dev mailbox at /dev/mailbox, so a newcomer can register with no setup. Neither path
 * logs a message's text or links: they sign people in, and logs are kept and shared.
 */
export function createMailer(
  env: Env,
  log: FastifyBaseLogger,
  /** Waited for before each message: an email about a change leaves only once the change is on disk. */
  beforeSend: () => Promise<void> = async () => {},
): Mailer {
  const stored: StoredMail[] = [];
  const pending = new Set<Promise<void>>();
  let nextId = 1;
  const transport: Transporter | undefined = env.SMTP_URL
    ? nodemailer.createTransport(smtpOptions(env.SMTP_URL))
    : undefined;

  async function send(message: MailMessage): Promise<void> {
    await beforeSend();
    if (transport) {
      await transport.sendMail({ from: env.MAIL_FROM, ...message });
      return;
    }
    stored.unshift({ ...message, id: nextId++, sentAt: new Date() });
    stored.length = Math.min(stored.length, DEV_MAILBOX_SIZE);
    log.info({ subject: message.subject }, 'dev mailbox: message stored, open /dev/mailbox on this machine');
  }

  return {
    usesDevMailbox: !transport,
    send,
    sendInBackground(message) {
      const sending = send(message)
        .catch((err: unknown) =>
          log.error({ err: sendingFailure(err), subject: message.subject }, 'email could not be sent'),
        )
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    flush: async () => void (await Promise.all([...pending])),
    recent: () => [...stored],
    close: () => transport?.close(),
  };
}

/**
 * What a failed send may tell the log: nodemailer's errors can carry the envelope and the server's
 * answer to the message, so only the kind of failure is kept.
 */
function sendingFailure(err: unknown) {
  if (!(err instanceof Error)) return { message: 'unknown error' };
  const { code, command, responseCode } = err as Error & {
    code?: string;
    command?: string;
    responseCode?: number;
  };
  return { type: err.name, code, command, responseCode };
}

/** `?starttls=` of an smtp:// URL: absent, `auto`, `required` (or bare `?starttls`), `off`. */
type StartTls = 'auto' | 'required' | 'off';

function startTlsOf(parsed: URL): StartTls {
  const value = parsed.searchParams.get('starttls');
  if (value === null || value === 'auto') return 'auto';
  if (value === '' || value === 'required') return 'required';
  if (value === 'off') return 'off';
  throw new Error(`SMTP_URL: starttls must be auto, required or off (got "${value}")`);
}

/**
 * smtps:// is TLS from the start. smtp:// upgrades with STARTTLS whenever the server offers it;
 * `?starttls` (or `=required`) refuses to send without it and checks the certificate, `?starttls=off`
 * never upgrades. An offered upgrade is taken even when the certificate cannot be checked (a
 * self-signed one on a local relay): encrypted beats plain text, and anyone able to forge the
 * certificate could strip the offer from the greeting just as well.
 */
function smtpOptions(url: string) {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'smtps:';
  const startTls = secure ? 'required' : startTlsOf(parsed);
  return {
    // A few kept connections instead of one per email: a new connection costs a handshake (and a TLS
    // one when offered) for every message, which capped sending at a few dozen emails a second. As
    // many as the job worker sends at once (jobs/worker.ts); a message still succeeds or fails on
    // its own, and a connection the server closed is opened again for the next one.
    pool: true as const,
    maxConnections: 4,
    host: parsed.hostname,
    port: Number(parsed.port) || (secure ? 465 : 25),
    secure,
    ignoreTLS: startTls === 'off',
    requireTLS: !secure && startTls === 'required',
    tls: { rejectUnauthorized: startTls === 'required' },
    auth: parsed.username
      ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) }
      : undefined,
  };
}
