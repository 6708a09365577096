import {
  createMilestoneInput,
  milestoneAtRiskViewSchema,
  milestoneIdParams,
  milestoneViewSchema,
  setTaskMilestoneInput,
  updateMilestoneInput,
} from '@figgle/shared/milestone-schemas';
import { projectIdParams } from '@figgle/shared/project-schemas';
import { taskIdParams } from '@figgle/shared/task-schemas';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import { requireUser } from '../../auth/current-user.ts';
import { notFound } from '../../http/errors.ts';
import { noContent } from '../../http/response-schemas.ts';
import { authorizeInProject } from '../../policies/authorize.ts';
import { createMilestone } from './commands/create-milestone.ts';
import { deleteMilestone } from './commands/delete-milestone.ts';
import { setTaskMilestone } from './commands/set-task-milestone.ts';
import { updateMilestone } from './commands/update-milestone.ts';
import { presentMilestone, presentMilestoneAtRisk } from './presenter.ts';
import { milestoneById, milestonesOfProject, openMilestonesOfUser } from './queries.ts';

const tags = ['milestones'];

/** Milestones of a project (docs/product.md#milestones), a task's milestone, and those at risk. */
export async function milestoneRoutes(app: AppInstance): Promise<void> {
  const { db, clock } = app.deps;

  const answerMilestone = async (milestoneId: string) => {
    const row = await milestoneById(db, milestoneId, clock.now());
    if (!row) throw notFound('Milestone');
    return presentMilestone(row, clock.now());
  };

  app.get(
    '/api/projects/:projectId/milestones',
    { schema: { tags, params: projectIdParams, response: { 200: z.array(milestoneViewSchema) } } },
    async (request) => {
      const user = await requireUser(request);
      await authorizeInProject(db, user, 'project.read', request.params.projectId);
      const now = clock.now();
      return (await milestonesOfProject(db, request.params.projectId, now)).map((row) =>
        presentMilestone(row, now),
      );
    },
  );

  app.post(
    '/api/projects/:projectId/milestones',
    {
      schema: {
        tags,
        params: projectIdParams,
        body: createMilestoneInput,
        response: { 201: milestoneViewSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const milestoneId = await createMilestone(app.deps, user, {
        projectId: request.params.projectId,
        name: request.body.name,
        targetDate: request.body.target_date,
        description: request.body.description,
      });
      return reply.status(201).send(await answerMilestone(milestoneId));
    },
  );

  app.patch(
    '/api/milestones/:milestoneId',
    {
      schema: {
        tags,
        params: milestoneIdParams,
        body: updateMilestoneInput,
        response: { 200: milestoneViewSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await updateMilestone(app.deps, user, {
        milestoneId: request.params.milestoneId,
        changes: request.body,
      });
      return answerMilestone(request.params.milestoneId);
    },
  );

  app.delete(
    '/api/milestones/:milestoneId',
    { schema: { tags, params: milestoneIdParams, response: { 204: noContent } } },
    async (request, reply) => {
      const user = await requireUser(request);
      await deleteMilestone(app.deps, user, { milestoneId: request.params.milestoneId });
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/tasks/:taskId/milestone',
    { schema: { tags, params: taskIdParams, body: setTaskMilestoneInput, response: { 204: noContent } } },
    async (request, reply) => {
      const user = await requireUser(request);
      await setTaskMilestone(app.deps, user, {
        taskId: request.params.taskId,
        milestoneId: request.body.milestone_id,
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/milestones/at-risk',
    { schema: { tags, response: { 200: z.array(milestoneAtRiskViewSchema) } } },
    async (request) => {
      const user = await requireUser(request);
      const now = clock.now();
      return (await openMilestonesOfUser(db, user.user_id, now))
        .map((row) => presentMilestoneAtRisk(row, now))
        .filter((milestone) => milestone.state === 'at_risk');
    },
  );
}
