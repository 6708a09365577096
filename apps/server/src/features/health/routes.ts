import { healthSchema } from '@figgle/shared/health-schemas';
import { sql } from 'kysely';
import type { AppInstance } from '../../app-types.ts';
import { presentHealth } from './presenter.ts';

export async function healthRoutes(app: AppInstance): Promise<void> {
  app.get('/healthz', { schema: { tags: ['health'], response: { 200: healthSchema } } }, async () => {
    await sql`select 1`.execute(app.deps.db);
    return presentHealth(app.deps.database.kind);
  });
}
