import type { ServerOptions } from 'node:http';
import { Transform } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../env.ts';
import { HttpError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The body may take up to UPLOAD_TIMEOUT_MS to arrive (Node's request timeout), not REQUEST_TIMEOUT_MS. */
    slowBody?: boolean;
  }
}

/** Idle keep-alive connections close after this; longer than the 60 s idle timeout of most proxies. */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/**
 * A client that sends its request slowly or not at all must not hold a socket forever. Node answers
 * 408 and closes a connection whose headers have not arrived within REQUEST_TIMEOUT_MS, or whose whole
 * request has not arrived within UPLOAD_TIMEOUT_MS (an upload's body is the longest allowed); bodies
 * of other routes get REQUEST_TIMEOUT_MS from installBodyTimeout. Node checks its timeouts at an
 * interval (30 s unless told), so the interval follows the shortest of them. A websocket leaves
 * these checks once upgraded, and `ws` turns the socket's idle timeout off.
 */
export function serverTimeouts(env: Pick<Env, 'REQUEST_TIMEOUT_MS' | 'UPLOAD_TIMEOUT_MS'>): {
  requestTimeout: number;
  keepAliveTimeout: number;
  connectionTimeout: number;
  http: ServerOptions;
} {
  const headersTimeout = Math.min(env.REQUEST_TIMEOUT_MS, env.UPLOAD_TIMEOUT_MS);
  return {
    requestTimeout: env.UPLOAD_TIMEOUT_MS,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    // No idle timeout on top: a request being answered slowly (a long database wait) is not the client's fault.
    connectionTimeout: 0,
    http: { headersTimeout, connectionsCheckingInterval: Math.min(1_000, Math.ceil(headersTimeout / 2)) },
  };
}

const tookTooLong = () =>
  new HttpError(
    408,
    'request_timeout',
    'The request took too long to arrive. Check your connection and try again.',
  );

/**
 * A body still arriving REQUEST_TIMEOUT_MS after its headers fails with 408, and the connection closes
 * after the answer (what is left of the body is never read). Uploads (config.slowBody) are left to
 * Node's longer request timeout.
 */
export function installBodyTimeout(app: FastifyInstance, timeoutMs: number): void {
  app.addHook('preParsing', (request, reply, payload, done) => {
    const raw = request.raw;
    const declaresBody =
      raw.headers['content-length'] !== undefined || raw.headers['transfer-encoding'] !== undefined;
    if (request.routeOptions.config.slowBody || raw.complete || !declaresBody) {
      done(null, payload);
      return;
    }
    const guarded = new Transform({
      transform(chunk, _encoding, callback) {
        callback(null, chunk);
      },
    });
    const timer = setTimeout(() => {
      if (raw.complete) return;
      reply.header('connection', 'close');
      guarded.destroy(tookTooLong());
    }, timeoutMs);
    timer.unref();
    const stop = () => clearTimeout(timer);
    guarded.once('end', stop).once('close', stop);
    // The parser may have stopped listening (a body past its limit); the error must not go unheard then.
    guarded.on('error', () => {});
    payload.on('error', (error) => guarded.destroy(error));
    done(null, payload.pipe(guarded));
  });
}
