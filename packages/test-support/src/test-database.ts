import { afterAll, beforeAll } from 'vitest';
import type { DatabaseHandle } from '../../../apps/server/src/db/database.ts';
import { openTestDatabase } from './database-template.ts';

/**
 * A fresh, migrated database for the calling test file or describe block: opened before its tests,
 * closed after them. Kept apart from database-template.ts, which the global setup loads outside any
 * test file.
 */
export function useTestDatabase(): () => DatabaseHandle {
  let database: DatabaseHandle | undefined;
  beforeAll(async () => {
    database = await openTestDatabase();
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });
  return () => {
    if (!database) throw new Error('The test database opens in beforeAll: use it inside a test');
    return database;
  };
}
