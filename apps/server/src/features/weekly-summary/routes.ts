import { weeklySummaryQuery, weeklySummarySchema } from '@figgle/shared/weekly-summary-schemas';
import type { AppInstance } from '../../app-types.ts';
import { requireUser } from '../../auth/current-user.ts';
import { presentWeeklySummary } from './presenter.ts';
import { createWeeklySummaryWriter } from './weekly-summary.ts';

export async function weeklySummaryRoutes(app: AppInstance): Promise<void> {
  const summaryOf = createWeeklySummaryWriter(app.deps.db, app.deps.env, app.deps.clock);

  app.get(
    '/api/dashboard/summary',
    {
      schema: {
        tags: ['dashboard'],
        querystring: weeklySummaryQuery,
        response: { 200: weeklySummarySchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return presentWeeklySummary(await summaryOf(user.user_id, request.query.today, request.log));
    },
  );
}
