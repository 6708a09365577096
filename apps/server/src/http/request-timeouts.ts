import { Transform } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The body may take up to UPLOAD_TIMEOUT_MS to arrive (Node's request timeout), not REQUEST_TIMEOUT_MS. */
    slowBody?: boolean;
  }
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
