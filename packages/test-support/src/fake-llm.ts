import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A local stand-in for an OpenAI-compatible chat-completions API (OpenAI, Ollama, vLLM, llama.cpp's
 * server): `POST /v1/chat/completions`. It records every request it receives and answers as `mode`
 * says: well, with an HTTP error, with garbage, with an empty answer, far too much, too late (it
 * holds the request until stopped), or by cutting the connection. Used by the server tests and the
 * browser journeys.
 */
export type FakeLlmMode =
  | 'good'
  | 'http-error'
  | 'garbage'
  | 'no-content'
  | 'empty'
  | 'huge'
  | 'slow'
  | 'reset';

export interface FakeLlmRequest {
  path: string;
  authorization: string | undefined;
  body: {
    model?: string;
    messages?: Array<{ role: string; content: string }>;
  };
  /** The raw body as received. */
  text: string;
}

export class FakeLlm {
  mode: FakeLlmMode = 'good';
  /** What a good answer says. */
  answer = 'A busy week: the team finished more than it started.\n- Nothing is on fire.';
  readonly requests: FakeLlmRequest[] = [];
  private readonly server = http.createServer((request, response) => this.handle(request, response));
  private readonly sockets = new Set<Socket>();
  private readonly held = new Set<http.ServerResponse>();

  constructor() {
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  /** The base URL to give as LLM_API_URL, `/v1` included. */
  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  /** Connections still open to the fake: a client that gave up must have closed its own. */
  get openConnections(): number {
    return this.sockets.size;
  }

  /** Slow answers whose connection is still open: the client must close it when it gives up. */
  get heldAnswers(): number {
    return this.held.size;
  }

  /** The user messages received (the facts, as JSON text), oldest first. */
  get factsReceived(): string[] {
    return this.requests.map(
      (request) => request.body.messages?.find((message) => message.role === 'user')?.content ?? '',
    );
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(request: http.IncomingMessage, response: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: FakeLlmRequest['body'] = {};
      try {
        body = JSON.parse(text) as FakeLlmRequest['body'];
      } catch {
        // Recorded as sent; the tests look at `text` then.
      }
      this.requests.push({
        path: request.url ?? '',
        authorization: request.headers.authorization,
        body,
        text,
      });
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
        return;
      }
      this.answerAs(this.mode, body, response);
    });
  }

  private answerAs(mode: FakeLlmMode, body: FakeLlmRequest['body'], response: http.ServerResponse): void {
    const json = (status: number, value: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    const completion = (content: unknown) => ({
      id: 'chatcmpl-fake',
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    });
    switch (mode) {
      case 'good':
        return void json(200, completion(this.answer));
      case 'http-error':
        return void json(503, { error: { message: 'model is loading' } });
      case 'garbage':
        return void response.writeHead(200, { 'content-type': 'application/json' }).end('{"choices": [ oops');
      case 'no-content':
        return void json(200, { choices: [] });
      case 'empty':
        return void json(200, completion('   \n '));
      case 'huge':
        return void json(200, completion('word '.repeat(200_000)));
      case 'slow':
        // Held until the client gives up or the fake stops.
        this.held.add(response);
        response.on('close', () => this.held.delete(response));
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write('{"id": "chatcmpl-slow", ');
        return;
      case 'reset':
        return void response.socket?.destroy();
    }
  }
}
