import type { DatabaseHandle } from '../db/database.ts';
import { type Bus, createInProcessBus } from './bus.ts';
import { type BusLogger, createPostgresBus } from './postgres-bus.ts';

/**
 * The embedded database serves one process, so its bus stays in the process; on PostgreSQL several
 * server processes may share the database and hear each other through LISTEN/NOTIFY.
 */
export function createBus(database: DatabaseHandle, log: BusLogger): Bus {
  if (database.connectionString) return createPostgresBus(database.connectionString, log);
  return createInProcessBus(
    (error) => log.error({ err: error }, 'realtime bus handler failed'),
    database.durable,
  );
}
