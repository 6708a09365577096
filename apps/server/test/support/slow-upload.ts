import net from 'node:net';
import type { TestUser } from '@figgle/test-support/users';

/** What came back on a raw connection: the status, the JSON body, and whether all was sent before. */
export interface RawAnswer {
  status: number;
  body: { message?: string; size?: number; path?: string } & Record<string, unknown>;
  /** Bytes of the request the client had written when the answer's head arrived. */
  sentWhenAnswered: number;
}

/**
 * A multipart upload sent by hand over a socket, in steps the test decides: the form's fields in the
 * order given, then the file's bytes as the test sends them. It lets a test see what the server does
 * while the body is still arriving (answer early, write to disk, count the upload as running).
 */
export class SlowUpload {
  private readonly socket: net.Socket;
  private received = Buffer.alloc(0);
  private sent = 0;
  private readonly boundary = `----figgle${Math.random().toString(16).slice(2)}`;
  readonly answer: Promise<RawAnswer>;
  readonly closed: Promise<void>;

  constructor(
    baseUrl: string,
    user: TestUser,
    private readonly form: {
      before: Array<[string, string]>;
      fileSize: number;
      fileName?: string;
      after?: Array<[string, string]>;
    },
  ) {
    const url = new URL(baseUrl);
    this.socket = net.connect(Number(url.port), url.hostname);
    this.socket.on('error', () => {});
    this.closed = new Promise((resolve) => this.socket.once('close', () => resolve()));
    this.answer = new Promise((resolve, reject) => {
      let sentWhenAnswered = -1;
      const settle = () => {
        const text = this.received.toString('latin1');
        const headEnd = text.indexOf('\r\n\r\n');
        if (headEnd < 0) return false;
        if (sentWhenAnswered < 0) sentWhenAnswered = this.sent;
        const length = Number(/\r\ncontent-length: (\d+)/i.exec(text.slice(0, headEnd))?.[1] ?? -1);
        const body = this.received.subarray(headEnd + 4);
        if (length >= 0 && body.length < length) return false;
        resolve({
          status: Number(text.slice(9, 12)),
          body: JSON.parse(body.subarray(0, length >= 0 ? length : undefined).toString('utf8') || '{}'),
          sentWhenAnswered,
        });
        return true;
      };
      this.socket.on('data', (chunk: Buffer) => {
        this.received = Buffer.concat([this.received, chunk]);
        settle();
      });
      this.socket.once('close', () => {
        if (!settle()) reject(new Error(`closed without an answer: ${this.received.toString('latin1')}`));
      });
    });
    this.answer.catch(() => {});

    const body = this.bodyLength();
    this.write(
      `POST /api/uploads HTTP/1.1\r\nhost: ${url.host}\r\norigin: ${baseUrl}\r\ncookie: ${user.cookie}\r\n` +
        `content-type: multipart/form-data; boundary=${this.boundary}\r\ncontent-length: ${body}\r\n\r\n`,
    );
    this.write(this.fields(this.form.before) + this.fileHead());
  }

  private fields(fields: Array<[string, string]>): string {
    return fields
      .map(
        ([name, value]) =>
          `--${this.boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('');
  }

  private fileHead(): string {
    return (
      `--${this.boundary}\r\ncontent-disposition: form-data; name="file"; filename="${this.form.fileName ?? 'data.bin'}"\r\n` +
      'content-type: application/octet-stream\r\n\r\n'
    );
  }

  private tail(): string {
    return `\r\n${this.fields(this.form.after ?? [])}--${this.boundary}--\r\n`;
  }

  private bodyLength(): number {
    return (
      Buffer.byteLength(this.fields(this.form.before)) +
      Buffer.byteLength(this.fileHead()) +
      this.form.fileSize +
      Buffer.byteLength(this.tail())
    );
  }

  private write(data: string | Buffer): void {
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    this.sent += bytes.length;
    if (!this.socket.destroyed) this.socket.write(bytes);
  }

  /** Sends `size` more bytes of the file (binary: a zero byte first, so it is never taken for text). */
  sendFile(size: number): void {
    const bytes = Buffer.alloc(size, 0x61);
    bytes[0] = 0;
    this.write(bytes);
  }

  /** The end of the form (the fields after the file, if any, and the closing boundary). */
  finish(): void {
    this.write(this.tail());
  }

  close(): void {
    this.socket.destroy();
  }
}
