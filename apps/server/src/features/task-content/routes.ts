import { taskContentResultSchema, updateTaskContentInput } from '@figgle/shared/task-content-schemas';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import { requireUser } from '../../auth/current-user.ts';
import { updateTaskContent } from './commands/update-task-content.ts';
import { presentTaskContent } from './presenter.ts';

export async function taskContentRoutes(app: AppInstance): Promise<void> {
  app.patch(
    '/api/tasks/:taskId/content',
    {
      schema: {
        tags: ['tasks'],
        description: 'Saves the description (a Quill Delta) and writes its change-log line.',
        params: z.object({ taskId: z.uuid() }),
        body: updateTaskContentInput,
        response: { 200: taskContentResultSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const task = await updateTaskContent(app.deps, user, {
        taskId: request.params.taskId,
        content: request.body.content_json,
      });
      return presentTaskContent(task);
    },
  );
}
