import type { Health } from '@figgle/shared/health-schemas';
import type { Readiness } from './readiness.ts';

/** Only the database's kind leaves: never its address, size or version. */
export function presentHealth(database: Health['database']): Health {
  return { status: 'ok', database };
}

/** Ready says only that: why it is not ready leaves as the error's message (routes.ts). */
export function presentReadiness(): Readiness {
  return { status: 'ready' };
}
