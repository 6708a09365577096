import { healthSchema } from '@figgle/shared/health-schemas';
import { sql } from 'kysely';
import type { AppInstance } from '../../app-types.ts';
import { HttpError } from '../../http/errors.ts';
import { presentHealth, presentReadiness } from './presenter.ts';
import { notReadyBecause, readinessSchema } from './readiness.ts';

export async function healthRoutes(app: AppInstance): Promise<void> {
  app.get('/healthz', { schema: { tags: ['health'], response: { 200: healthSchema } } }, async () => {
    await sql`select 1`.execute(app.deps.db);
    return presentHealth(app.deps.database.kind);
  });

  // Alive (/healthz) is not ready: a load balancer sends traffic only once this answers 200.
  app.get('/readyz', { schema: { tags: ['health'], response: { 200: readinessSchema } } }, async () => {
    const reason = await notReadyBecause(app.deps.db, app.log);
    if (reason !== null) throw new HttpError(503, 'not_ready', reason);
    return presentReadiness();
  });
}
