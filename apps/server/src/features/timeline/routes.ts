import { timelineSchema } from '@figgle/shared/timeline-schemas';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import { requireUser } from '../../auth/current-user.ts';
import { authorizeOnTask } from '../../policies/authorize.ts';
import { commentsOfTask } from '../comments/queries.ts';
import { presentTimeline } from './presenter.ts';
import { logsOfTask, namesOf } from './queries.ts';

export async function timelineRoutes(app: AppInstance): Promise<void> {
  const { db } = app.deps;
  app.get(
    '/api/tasks/:taskId/timeline',
    {
      schema: {
        tags: ['tasks'],
        description: 'Comments and change-log lines of a task in one list, oldest first.',
        params: z.object({ taskId: z.uuid() }),
        response: { 200: timelineSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { taskId } = request.params;
      await authorizeOnTask(db, user, 'task.read', taskId);
      const [comments, logs] = [await commentsOfTask(db, taskId), await logsOfTask(db, taskId)];
      const items = presentTimeline(taskId, comments, logs);
      const mentioned = new Set<string>();
      for (const item of items) {
        if (item.kind !== 'log' || !item.metadata.assignee_id) continue;
        for (const id of [item.metadata.assignee_id.old, item.metadata.assignee_id.new])
          if (id) mentioned.add(id);
      }
      return { items, names: await namesOf(db, [...mentioned]) };
    },
  );
}
