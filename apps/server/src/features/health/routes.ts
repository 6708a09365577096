import { sql } from 'kysely';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';

export async function healthRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['health'],
        response: { 200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }) },
      },
    },
    async () => {
      await sql`select 1`.execute(app.deps.db);
      return { status: 'ok' as const, database: app.deps.database.kind };
    },
  );
}
