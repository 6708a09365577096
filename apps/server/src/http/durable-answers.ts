import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/database.ts';

/**
 * No answer leaves before what it tells of is on disk. The embedded database flushes its
 * write-ahead log in the background, commits made meanwhile sharing one flush (group commit,
 * docs/durability.md): every answer waits for the flush that follows the commits made before it.
 * That covers a write's own answer and a read that might show a commit not yet flushed; with
 * nothing owed (no write since the last flush, or PostgreSQL) the wait is a resolved promise.
 */
export function installDurableAnswers(app: FastifyInstance, database: DatabaseHandle): void {
  app.addHook('onSend', async (_request, _reply, payload) => {
    await database.durable();
    return payload;
  });
}
