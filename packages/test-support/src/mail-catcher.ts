import type { Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The message's own headers (not its parts'), by lower-case name, folded lines joined. */
  headers: Record<string, string>;
}

/** A real SMTP server on loopback: Figgle sends to it, tests read what arrived. */
export class MailCatcher {
  private readonly messages: CaughtMail[] = [];
  private readonly waiters = new Set<() => void>();
  private server?: SMTPServer;
  private held: Promise<void> | null = null;
  /** Open client connections: a pooling client keeps some open between messages. */
  private readonly sockets = new Set<Socket>();
  port = 0;

  /**
   * `port` 0 takes a free one; a test that stopped the catcher (the mail server "down") starts it
   * again on the same port.
   */
  async start(port = 0): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // While held, senders wait after MAIL FROM: a message in flight that has not arrived.
      onMailFrom: (_address, _session, callback) => {
        if (this.held) void this.held.then(() => callback());
        else callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          this.messages.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            subject: headerOf(raw, 'subject'),
            text: partOf(raw, 'text/plain'),
            html: partOf(raw, 'text/html'),
            headers: headersOf(raw),
          });
          for (const wake of this.waiters) wake();
          callback();
        });
      },
    });
    this.server.server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    const address = this.server.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** The newest message to `address` whose subject matches, waiting for it to arrive. */
  async waitFor(address: string, subject: RegExp, timeoutMs = 15_000): Promise<CaughtMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.findLast(
        (m) => m.to.includes(address.toLowerCase()) && subject.test(m.subject),
      );
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`No mail to ${address} matching ${subject} arrived`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiters.delete(wake);
          resolve();
        };
        this.waiters.add(wake);
        setTimeout(wake, 250);
      });
    }
  }

  /** Every message that arrived so far, oldest first. */
  all(): CaughtMail[] {
    return [...this.messages];
  }

  /** Messages to `address` whose subject matches, oldest first, without waiting. */
  to(address: string, subject: RegExp = /./): CaughtMail[] {
    return this.messages.filter((m) => m.to.includes(address.toLowerCase()) && subject.test(m.subject));
  }

  /** Holds every sender after MAIL FROM until the returned function is called. */
  hold(): () => void {
    let release = () => {};
    this.held = new Promise<void>((resolve) => {
      release = () => {
        this.held = null;
        resolve();
      };
    });
    return release;
  }

  /** The first link in a message that points at `baseUrl`. */
  static linkIn(mail: CaughtMail, baseUrl: string): string {
    const match = mail.text.match(new RegExp(`${escapeRegExp(baseUrl)}[^\\s"'<>)]+`));
    if (!match) throw new Error(`No link to ${baseUrl} in mail "${mail.subject}"`);
    return match[0];
  }

  /**
   * Down as a mail server goes down: its connections dropped, not waited for (a client's pooled
   * connections would hold it, and the port, for half a minute), and the port free when this resolves.
   */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server?.server.listening) return;
    const closed = new Promise<void>((resolve) => server.server.once('close', () => resolve()));
    server.close(() => {});
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }
}

/**
 * Figgle's mail is plain nodemailer output: ASCII headers, parts in 7bit or quoted-printable. A
 * subject in German or French comes as RFC 2047 encoded words (`=?UTF-8?Q?…?=`), decoded here.
 */
function headerOf(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const match = head.match(new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, 'im'));
  return decodeEncodedWords((match?.[1] ?? '').replace(/\r?\n[ \t]+/g, ' ').trim());
}

function decodeEncodedWords(value: string): string {
  return value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replaceAll('_', ' ')),
    );
}

function headersOf(raw: string): Record<string, string> {
  const head = (raw.split(/\r?\n\r?\n/)[0] ?? '').replace(/\r?\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The parts are cut at the boundaries the message declares, not at any line starting with "--": a
 * quoted-printable line can start with "--" too (a soft line break before "--" in a link's token),
 * and cutting there truncated the link.
 */
function partOf(raw: string, contentType: string): string {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((match) => match[1]!);
  const delimiter = boundaries.map(escapeRegExp).join('|');
  const parts = delimiter ? raw.split(new RegExp(`\\r?\\n--(?:${delimiter})(?:--)?(?=\\r?\\n|$)`)) : [raw];
  for (const part of parts) {
    const [head = '', ...body] = part.split(/\r?\n\r?\n/);
    if (!new RegExp(`content-type:\\s*${contentType}`, 'i').test(head)) continue;
    const content = body.join('\n\n');
    if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) return decodeQuotedPrintable(content);
    if (/content-transfer-encoding:\s*base64/i.test(head))
      return Buffer.from(content, 'base64').toString('utf8');
    return content;
  }
  return '';
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
