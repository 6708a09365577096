import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver got, as it arrived. */
export interface ReceivedWebhook {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: {
    id: string;
    event: string;
    created_at: string;
    organization_id: string;
    data: Record<string, unknown>;
  };
  at: number;
}

interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * A real HTTP server on loopback that plays a webhook receiver: it keeps what arrives, answers 200
 * unless told otherwise (`answerNext`), and can hold requests without answering (`stall`).
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  private readonly answers: Answer[] = [];
  private stalled: Array<() => void> | null = null;
  private readonly server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      this.received.push({
        path: request.url ?? '/',
        headers: request.headers,
        body,
        json: JSON.parse(body) as ReceivedWebhook['json'],
        at: Date.now(),
      });
      const answer = () => {
        const next = this.answers.shift() ?? { status: 200, body: 'ok' };
        response.writeHead(next.status, next.headers).end(next.body ?? '');
      };
      if (this.stalled) this.stalled.push(answer);
      else answer();
    });
  });

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** The receiver's URL through the name `localhost`, so sending resolves a name. */
  url(path = '/hooks'): string {
    return `http://localhost:${this.port}${path}`;
  }

  answerNext(...answers: Answer[]): void {
    this.answers.push(...answers);
  }

  /** Requests wait unanswered until the returned function is called. */
  stall(): () => void {
    this.stalled = [];
    return () => {
      const waiting = this.stalled ?? [];
      this.stalled = null;
      for (const answer of waiting) answer();
    };
  }

  of(event: string): ReceivedWebhook[] {
    return this.received.filter((request) => request.json.event === event);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** The receiver's side of docs/product.md#webhooks: is this body signed with this secret? */
export function signatureIsValid(request: ReceivedWebhook, secret: string): boolean {
  const header = String(request.headers['x-figgle-signature'] ?? '');
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  if (!parts.t || !parts.v1) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${request.body}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
