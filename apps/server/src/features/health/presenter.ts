import type { Health } from '@figgle/shared/health-schemas';

/** Only the database's kind leaves: never its address, size or version. */
export function presentHealth(database: Health['database']): Health {
  return { status: 'ok', database };
}
