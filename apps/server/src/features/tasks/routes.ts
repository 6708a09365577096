import { promisify } from 'node:util';
import { constants, gzip as gzipCallback } from 'node:zlib';
import { projectIdParams } from '@figgle/shared/project-schemas';
import {
  contentFromDescription,
  createTaskInput,
  kanbanUpdateInput,
  taskIdParams,
  updateTaskInput,
} from '@figgle/shared/task-schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app-types.ts';
import { type CurrentUser, requireUser } from '../../auth/current-user.ts';
import type { Role } from '../../db/schema.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { authorize, organizationOfProject, organizationOfTask } from '../../policies/authorize.ts';
import { type Action, can } from '../../policies/can.ts';
import { createTask, publishTaskCreated } from './commands/create-task.ts';
import { deleteTask } from './commands/delete-task.ts';
import { moveTask, moveTaskInOneStatement } from './commands/move-task.ts';
import type { TaskChangeResult } from './commands/types.ts';
import { updateOneFieldInOneStatement, updateTask } from './commands/update-task.ts';
import { presentTaskDetail, presentTaskSummary } from './presenter.ts';
import {
  myTasksJson,
  projectRole,
  projectTasksJson,
  taskDetail,
  taskSummary,
  taskSummaryText,
} from './queries.ts';
import { TaskListCache } from './task-list-cache.ts';

const gzip = promisify(gzipCallback);
const GZIP_FROM_BYTES = 16 * 1024;

export async function taskRoutes(app: AppInstance): Promise<void> {
  const { db, bus } = app.deps;

  async function authorizeProject(user: CurrentUser, action: Action, projectId: string) {
    const organizationId = await organizationOfProject(db, projectId);
    await authorize(db, user, action, organizationId, 'Project');
  }

  async function authorizeTask(user: CurrentUser, action: Action, taskId: string) {
    const { organizationId } = await organizationOfTask(db, taskId);
    await authorize(db, user, action, organizationId, 'Task');
  }

  const taskLists = new TaskListCache(bus);
  app.addHook('onClose', async () => taskLists.close());

  /**
   * JSON text built by the database goes out as it is; a large list is gzipped (at the fastest
   * level, off the event loop) for clients that accept it: a board of 1,000 tasks shrinks ~12 times.
   * A cached list keeps its gzipped copy.
   */
  async function sendJson(
    request: FastifyRequest,
    reply: FastifyReply,
    body: string,
    cached?: { gzipped?: Buffer },
  ) {
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    const accepts = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    if (!accepts || body.length < GZIP_FROM_BYTES) return reply.send(body);
    const compressed = cached?.gzipped ?? (await gzip(body, { level: constants.Z_BEST_SPEED }));
    if (cached) cached.gzipped = compressed;
    return reply.header('content-encoding', 'gzip').send(compressed);
  }

  function assertReadable(role: Role | undefined): void {
    if (!role) throw notFound('Project');
    if (!can(role, 'task.read')) throw forbidden();
  }

  async function publishChange(result: TaskChangeResult, action: 'updated' | 'deleted', user: CurrentUser) {
    if (!result.changed) return;
    await bus.publish(
      {
        kind: 'task',
        action,
        id: result.taskId,
        organizationId: result.organizationId,
        projectId: result.projectId,
        taskId: result.taskId,
        status: result.status,
        actorId: user.user_id,
      },
      { taskSummary: result.summary },
    );
  }

  async function summaryOf(taskId: string) {
    const row = await taskSummary(db, taskId);
    if (!row) throw notFound('Task');
    return presentTaskSummary(row);
  }

  app.get(
    '/api/projects/:projectId/tasks',
    { schema: { tags: ['tasks'], params: projectIdParams } },
    async (request, reply) => {
      const user = await requireUser(request);
      const { projectId } = request.params;
      const cached = taskLists.get(projectId);
      if (cached) {
        assertReadable(await projectRole(db, projectId, user.user_id));
        return sendJson(request, reply, cached.body, cached);
      }
      const generation = taskLists.generation(projectId);
      const found = await projectTasksJson(db, projectId, user.user_id);
      if (!found) throw notFound('Project');
      assertReadable(found.role);
      const remembered = taskLists.remember(projectId, generation, found.body);
      return sendJson(request, reply, found.body, remembered);
    },
  );

  app.post(
    '/api/projects/:projectId/tasks',
    { schema: { tags: ['tasks'], params: projectIdParams, body: createTaskInput } },
    async (request, reply) => {
      const user = await requireUser(request);
      const { projectId } = request.params;
      await authorizeProject(user, 'task.create', projectId);
      const { title, status, assignee_id, description } = request.body;
      const created = await db.transaction().execute((trx) =>
        createTask(trx, {
          projectId,
          title,
          status,
          assigneeId: assignee_id,
          authorId: user.user_id,
          authorName: `${user.firstname} ${user.lastname}`.trim(),
          contentJson: contentFromDescription(description),
          isFromFigma: false,
          figmaClientMeta: null,
        }),
      );
      await publishTaskCreated(bus, created, user.user_id);
      return reply.status(201).send(await summaryOf(created.taskId));
    },
  );

  app.get('/api/my-tasks', { schema: { tags: ['tasks'] } }, async (request, reply) => {
    const user = await requireUser(request);
    return sendJson(request, reply, await myTasksJson(db, user.user_id));
  });

  app.get('/api/tasks/:taskId', { schema: { tags: ['tasks'], params: taskIdParams } }, async (request) => {
    const user = await requireUser(request);
    await authorizeTask(user, 'task.read', request.params.taskId);
    const row = await taskDetail(db, request.params.taskId);
    if (!row) throw notFound('Task');
    return presentTaskDetail(row);
  });

  app.patch(
    '/api/tasks/:taskId',
    { schema: { tags: ['tasks'], params: taskIdParams, body: updateTaskInput } },
    async (request, reply) => {
      const user = await requireUser(request);
      const { taskId } = request.params;
      const result =
        (await updateOneFieldInOneStatement(db, user, taskId, request.body)) ??
        (await db.transaction().execute((trx) => updateTask(trx, user, taskId, request.body)));
      await publishChange(result, 'updated', user);
      if (!result.summary) return summaryOf(taskId);
      return sendJson(request, reply, result.summary);
    },
  );

  app.delete(
    '/api/tasks/:taskId',
    { schema: { tags: ['tasks'], params: taskIdParams } },
    async (request, reply) => {
      const user = await requireUser(request);
      const { taskId } = request.params;
      const result = await db.transaction().execute((trx) => deleteTask(trx, user, taskId));
      await publishChange(result, 'deleted', user);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/kanban-update',
    { schema: { tags: ['tasks'], body: kanbanUpdateInput } },
    async (request, reply) => {
      const user = await requireUser(request);
      const { taskId, status, index } = request.body;
      const result =
        (await moveTaskInOneStatement(db, user, taskId, status, index)) ??
        (await db.transaction().execute((trx) => moveTask(trx, user, taskId, status, index)));
      await publishChange(result, 'updated', user);
      const summary = result.summary ?? (await taskSummaryText(db, taskId));
      if (!summary) throw notFound('Task');
      return sendJson(request, reply, summary);
    },
  );
}
