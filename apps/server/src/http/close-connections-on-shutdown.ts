import type { AppInstance } from './app-instance.ts';

/**
 * Fastify closes idle keep-alive connections when it starts closing, but a connection busy with a
 * request at that moment stays open after its answer, up to the keep-alive timeout (72 s), and holds
 * shutdown past its grace period. Answers sent while closing therefore end their connection.
 */
export function installCloseConnectionsOnShutdown(app: AppInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
}
