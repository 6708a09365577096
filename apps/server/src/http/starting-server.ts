import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import type { Duplex } from 'node:stream';
import type { EarlyAnswer } from './early-web-answers.ts';

/**
 * The server socket opens before the app is built, so that the start is answered at once: the built
 * web app by `answerEarly`, every other request (the API above all) waits until the app is ready on
 * a migrated database, and is then answered by it as if it had just arrived. The app's Fastify never
 * listens itself: its server only hears what this one passes on (request, upgrade, clientError).
 */
export interface StartingServer {
  /** The listening server, with the app's timeouts. */
  server: Server;
  /** From now on the app answers everything; what waited goes to it first, in order. */
  handOver(appServer: Server): void;
  /** The start failed: whatever waited is answered 503 with Retry-After, and listening stops. */
  fail(): Promise<void>;
  /**
   * Stops as Fastify stops a server of its own: no new connections, idle ones closed at once, busy
   * ones after their answer; resolves once every connection is gone.
   */
  close(): Promise<void>;
}

interface StartingServerOptions {
  port: number;
  host: string;
  /** What Fastify would set on a server of its own (http/server-timeouts.ts). */
  timeouts: {
    requestTimeout: number;
    keepAliveTimeout: number;
    connectionTimeout: number;
    http: ServerOptions;
  };
  answerEarly?: EarlyAnswer;
}

/** Seconds a client is told to wait when the start failed: a restart usually follows. */
const RETRY_AFTER_SECONDS = '5';

export async function listenWhileStarting(options: StartingServerOptions): Promise<StartingServer> {
  const server = createServer(options.timeouts.http);
  server.keepAliveTimeout = options.timeouts.keepAliveTimeout;
  server.requestTimeout = options.timeouts.requestTimeout;
  server.setTimeout(options.timeouts.connectionTimeout);

  const waiting: [IncomingMessage, ServerResponse][] = [];
  const waitingUpgrades: [IncomingMessage, Duplex, Buffer][] = [];
  let failed = false;

  const onRequest = (request: IncomingMessage, response: ServerResponse) => {
    if (failed) return unavailable(response);
    if (options.answerEarly?.(request, response)) return;
    waiting.push([request, response]);
  };
  // A websocket asked for before the app has its route (a page left open across a restart) waits too.
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (failed) return socket.destroy();
    waitingUpgrades.push([request, socket, head]);
  };
  server.on('request', onRequest);
  server.on('upgrade', onUpgrade);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: options.port, host: options.host }, () => {
      server.off('error', reject);
      resolve();
    });
  });

  const closed = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      server.closeIdleConnections();
    });

  return {
    server,
    handOver(appServer) {
      server.off('request', onRequest);
      server.off('upgrade', onUpgrade);
      server.on('request', (request, response) => appServer.emit('request', request, response));
      server.on('upgrade', (request, socket, head) => appServer.emit('upgrade', request, socket, head));
      // Fastify answers a malformed request itself (a 400 in its error shape), as on its own server.
      server.on('clientError', (error, socket) => appServer.emit('clientError', error, socket));
      for (const [request, response] of waiting.splice(0)) appServer.emit('request', request, response);
      for (const [request, socket, head] of waitingUpgrades.splice(0))
        appServer.emit('upgrade', request, socket, head);
    },
    async fail() {
      failed = true;
      for (const [, response] of waiting.splice(0)) unavailable(response);
      for (const [, socket] of waitingUpgrades.splice(0)) socket.destroy();
      await closed();
    },
    close: closed,
  };
}

function unavailable(response: ServerResponse): void {
  if (response.headersSent) return;
  response.writeHead(503, {
    'content-type': 'application/json; charset=utf-8',
    'retry-after': RETRY_AFTER_SECONDS,
    connection: 'close',
  });
  response.end(
    JSON.stringify({
      statusCode: 503,
      code: 'service_unavailable',
      message: 'Figgle could not start. Please try again in a moment.',
    }),
  );
}
