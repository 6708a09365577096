import {
  cycleDetailViewSchema,
  cycleIdParams,
  cycleSettingsInput,
  projectCyclesViewSchema,
  setTaskCycleInput,
  updateCycleInput,
} from '@figgle/shared/cycle-schemas';
import { projectIdParams } from '@figgle/shared/project-schemas';
import { taskIdParams } from '@figgle/shared/task-schemas';
import type { AppInstance } from '../../app-types.ts';
import { requireUser } from '../../auth/current-user.ts';
import { notFound } from '../../http/errors.ts';
import { noContent } from '../../http/response-schemas.ts';
import { authorizeInProject } from '../../policies/authorize.ts';
import { burnUp } from './burn-up.ts';
import { renameCycle } from './commands/rename-cycle.ts';
import { setCycleSettings } from './commands/set-cycle-settings.ts';
import { setTaskCycle } from './commands/set-task-cycle.ts';
import { presentCycle } from './presenter.ts';
import { cycleById, cycleHistory, cycleSettingsOf, cyclesOfProject } from './queries.ts';

const tags = ['cycles'];

/** Cycles of a project (docs/product.md#cycles): settings, the list, one cycle's page, a task's cycle. */
export async function cycleRoutes(app: AppInstance): Promise<void> {
  const { db, clock } = app.deps;

  const answerCycles = async (projectId: string) => {
    const settings = await cycleSettingsOf(db, projectId);
    const now = clock.now();
    return {
      settings: settings ?? null,
      cycles: (await cyclesOfProject(db, projectId)).map((row) => presentCycle(row, now)),
    };
  };

  app.get(
    '/api/projects/:projectId/cycles',
    { schema: { tags, params: projectIdParams, response: { 200: projectCyclesViewSchema } } },
    async (request) => {
      const user = await requireUser(request);
      await authorizeInProject(db, user, 'project.read', request.params.projectId);
      return answerCycles(request.params.projectId);
    },
  );

  app.put(
    '/api/projects/:projectId/cycle-settings',
    {
      schema: {
        tags,
        params: projectIdParams,
        body: cycleSettingsInput,
        response: { 200: projectCyclesViewSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await setCycleSettings(app.deps, user, {
        projectId: request.params.projectId,
        enabled: request.body.enabled,
        weeks: request.body.weeks,
        weekStart: request.body.week_start,
      });
      return answerCycles(request.params.projectId);
    },
  );

  app.get(
    '/api/cycles/:cycleId',
    { schema: { tags, params: cycleIdParams, response: { 200: cycleDetailViewSchema } } },
    async (request) => {
      const user = await requireUser(request);
      const row = await cycleById(db, request.params.cycleId);
      if (!row) throw notFound('Cycle');
      await authorizeInProject(db, user, 'project.read', row.project_id, 'Cycle');
      const now = clock.now();
      const history = await cycleHistory(db, row.cycle_id);
      const drawn = burnUp(row, history.tasks, history.lines, now, history.finishedKeys);
      return { ...presentCycle(row, now), added_after_start: drawn.addedAfterStart, burn_up: drawn.points };
    },
  );

  app.patch(
    '/api/cycles/:cycleId',
    {
      schema: { tags, params: cycleIdParams, body: updateCycleInput, response: { 204: noContent } },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      await renameCycle(app.deps, user, { cycleId: request.params.cycleId, name: request.body.name });
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/tasks/:taskId/cycle',
    { schema: { tags, params: taskIdParams, body: setTaskCycleInput, response: { 204: noContent } } },
    async (request, reply) => {
      const user = await requireUser(request);
      await setTaskCycle(app.deps, user, { taskId: request.params.taskId, cycleId: request.body.cycle_id });
      return reply.status(204).send(null);
    },
  );
}
