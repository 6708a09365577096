import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Env } from '../env.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface StoredMail extends MailMessage {
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
 * SMTP when SMTP_URL is set. Without it (never in production: env.ts refuses), each message goes
 * to the log and to the in-memory dev mailbox at /dev/mailbox, so a newcomer can register with no setup.
 */
export function createMailer(env: Env, log: FastifyBaseLogger): Mailer {
  const stored: StoredMail[] = [];
  const pending = new Set<Promise<void>>();
  let nextId = 1;
  const transport: Transporter | undefined = env.SMTP_URL
    ? nodemailer.createTransport(smtpOptions(env.SMTP_URL))
    : undefined;

  async function send(message: MailMessage): Promise<void> {
    if (transport) {
      await transport.sendMail({ from: env.MAIL_FROM, ...message });
      return;
    }
    stored.unshift({ ...message, id: nextId++, sentAt: new Date() });
    stored.length = Math.min(stored.length, DEV_MAILBOX_SIZE);
    log.info({ to: message.to, subject: message.subject, text: message.text }, 'dev mailbox: message stored');
  }

  return {
    usesDevMailbox: !transport,
    send,
    sendInBackground(message) {
      const sending = send(message)
        .catch((err: unknown) => log.error({ err, subject: message.subject }, 'email could not be sent'))
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    flush: async () => void (await Promise.all([...pending])),
    recent: () => [...stored],
    close: () => transport?.close(),
  };
}

/** smtps:// is TLS from the start; plain smtp:// upgrades with STARTTLS only when the URL asks (?starttls). */
function smtpOptions(url: string) {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'smtps:';
  return {
    host: parsed.hostname,
    port: Number(parsed.port) || (secure ? 465 : 25),
    secure,
    ignoreTLS: !secure && !parsed.searchParams.has('starttls'),
    auth: parsed.username
      ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) }
      : undefined,
  };
}
