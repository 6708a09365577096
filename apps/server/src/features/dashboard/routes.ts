import { dashboardQuery, dashboardSchema } from '@figgle/shared/dashboard-schemas';
import type { AppInstance } from '../../app-types.ts';
import { requireUser } from '../../auth/current-user.ts';
import { presentDashboard } from './presenter.ts';
import {
  activeProjects,
  latestFigmaEvents,
  myOpenTasks,
  overdueCount,
  remarkableTasks,
  statusCounts,
  weeklyCounts,
} from './queries.ts';

export async function dashboardRoutes(app: AppInstance): Promise<void> {
  const { db } = app.deps;

  app.get(
    '/api/dashboard',
    { schema: { tags: ['dashboard'], querystring: dashboardQuery, response: { 200: dashboardSchema } } },
    async (request) => {
      const user = await requireUser(request);
      const { today } = request.query;
      // Independent reads: on PostgreSQL they run side by side on the pool.
      const [counts, overdue, remarkable, weeks, active, myTasks, figmaEvents] = await Promise.all([
        statusCounts(db, user.user_id),
        overdueCount(db, user.user_id, today),
        remarkableTasks(db, user.user_id, today),
        weeklyCounts(db, user.user_id),
        activeProjects(db, user.user_id),
        myOpenTasks(db, user.user_id),
        latestFigmaEvents(db, user.user_id),
      ]);
      return presentDashboard({
        counts,
        overdue,
        remarkable,
        weeks,
        activeProjects: active,
        myTasks,
        figmaEvents,
      });
    },
  );
}
