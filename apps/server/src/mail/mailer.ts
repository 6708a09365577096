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
  let nextId = 1;
  const transport: Transporter | undefined = env.SMTP_URL
    ? nodemailer.createTransport(smtpOptions(env.SMTP_URL))
    : undefined;

  return {
    usesDevMailbox: !transport,
    async send(message) {
      if (transport) {
        await transport.sendMail({ from: env.MAIL_FROM, ...message });
        return;
      }
      stored.unshift({ ...message, id: nextId++, sentAt: new Date() });
      stored.length = Math.min(stored.length, DEV_MAILBOX_SIZE);
      log.info(
        { to: message.to, subject: message.subject, text: message.text },
        'dev mailbox: message stored',
      );
    },
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
