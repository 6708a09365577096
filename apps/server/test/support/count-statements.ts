import pg from 'pg';
import { inBackgroundWork } from '../../src/jobs/background-work.ts';

/**
 * The background worker (src/jobs) polls and prunes the job table on its own timer and runs its
 * handlers (an email a request queued may go out while that request is still answering), and
 * PostgreSQL's NOTIFY goes out on the bus's connection: none is a statement of the request measured.
 */
const BACKGROUND = /\bjob\b|pg_notify/i;

/** The statements the server sends to the database while `run` runs, background work left out. */
export async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const original = pg.Client.prototype.query;
  const statements: string[] = [];
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const text = args[0];
    if (!inBackgroundWork())
      statements.push(typeof text === 'string' ? text : String((text as { text?: string }).text));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = original;
  }
  return statements.filter((text) => !BACKGROUND.test(text));
}

/** How many statements `run` sends, background work left out. */
export async function countStatements(run: () => Promise<unknown>): Promise<number> {
  return (await statementsOf(run)).length;
}
