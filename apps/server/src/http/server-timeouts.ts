import type { ServerOptions } from 'node:http';
import type { Env } from '../env.ts';

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
