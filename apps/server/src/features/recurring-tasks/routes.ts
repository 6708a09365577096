import {
  setRecurrenceInput,
  setTimeZoneInput,
  taskRecurrenceAnswerSchema,
  timeZoneAnswerSchema,
} from '@figgle/shared/recurrence-schemas';
import { taskIdParams } from '@figgle/shared/task-schemas';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import { requireUser } from '../../auth/current-user.ts';
import { noContent } from '../../http/response-schemas.ts';
import { authorize, authorizeOnTask } from '../../policies/authorize.ts';
import { setOrganizationTimeZone } from './commands/set-organization-time-zone.ts';
import { setTaskRecurrence } from './commands/set-task-recurrence.ts';
import { stopTaskRecurrence } from './commands/stop-task-recurrence.ts';
import { presentRecurrence } from './presenter.ts';
import { nextTaskOf, recurrenceOfTask, timeZoneOf } from './queries.ts';

const tags = ['recurring tasks'];
const organizationIdParams = z.object({ organizationId: z.uuid() });

/** A task's repetition and the organization's time zone (docs/product.md#recurring-tasks). */
export async function recurringTaskRoutes(app: AppInstance): Promise<void> {
  const { db, clock } = app.deps;

  const answer = async (taskId: string) => {
    const [row, next] = await Promise.all([recurrenceOfTask(db, taskId), nextTaskOf(db, taskId)]);
    return { recurrence: row ? presentRecurrence(row, clock.now()) : null, next_task: next ?? null };
  };

  app.get(
    '/api/tasks/:taskId/recurrence',
    { schema: { tags, params: taskIdParams, response: { 200: taskRecurrenceAnswerSchema } } },
    async (request) => {
      const user = await requireUser(request);
      await authorizeOnTask(db, user, 'task.read', request.params.taskId);
      return answer(request.params.taskId);
    },
  );

  app.put(
    '/api/tasks/:taskId/recurrence',
    {
      schema: {
        tags,
        params: taskIdParams,
        body: setRecurrenceInput,
        response: { 200: taskRecurrenceAnswerSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await setTaskRecurrence(app.deps, user, {
        taskId: request.params.taskId,
        rrule: request.body.rrule,
        afterCompletion: request.body.after_completion,
      });
      return answer(request.params.taskId);
    },
  );

  app.delete(
    '/api/tasks/:taskId/recurrence',
    { schema: { tags, params: taskIdParams, response: { 204: noContent } } },
    async (request, reply) => {
      const user = await requireUser(request);
      await stopTaskRecurrence(app.deps, user, { taskId: request.params.taskId });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/organizations/:organizationId/time-zone',
    { schema: { tags, params: organizationIdParams, response: { 200: timeZoneAnswerSchema } } },
    async (request) => {
      const user = await requireUser(request);
      await authorize(db, user, 'organization.read', request.params.organizationId);
      return { time_zone: await timeZoneOf(db, request.params.organizationId) };
    },
  );

  app.put(
    '/api/organizations/:organizationId/time-zone',
    {
      schema: {
        tags,
        params: organizationIdParams,
        body: setTimeZoneInput,
        response: { 200: timeZoneAnswerSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await setOrganizationTimeZone(app.deps, user, {
        organizationId: request.params.organizationId,
        timeZone: request.body.time_zone,
      });
      return { time_zone: request.body.time_zone };
    },
  );
}
