import { BOARD_SHAPE } from '@figgle/shared/board-shape';
import type { AppInstance } from '../../app-types.ts';
import { requireUser } from '../../auth/current-user.ts';
import { notFound } from '../../http/errors.ts';
import { backgroundWork } from '../../jobs/background-work.ts';
import { bulkChangeTasks } from './commands/bulk-change-tasks.ts';
import { bulkDeleteTasks } from './commands/bulk-delete-tasks.ts';
import { createTask } from './commands/create-task.ts';
import { deleteTask } from './commands/delete-task.ts';
import { duplicateTask } from './commands/duplicate-task.ts';
import { moveSubtask } from './commands/move-subtask.ts';
import { moveTask } from './commands/move-task.ts';
import { moveTaskToProject } from './commands/move-task-to-project.ts';
import { setTaskLabels } from './commands/set-task-labels.ts';
import { setTaskParent } from './commands/set-task-parent.ts';
import { addTaskRelation, removeTaskRelation } from './commands/task-relations.ts';
import { updateTask } from './commands/update-task.ts';
import { sendJsonText } from './json-reply.ts';
import { presentTaskDetail, presentTaskSummary } from './presenter.ts';
import { listedTasks, taskSummary } from './queries.ts';
import { readMyTasks, readProjectTasks, readTaskDetail } from './reads.ts';
import {
  addTaskRelationSchema,
  bulkChangeTasksSchema,
  bulkDeleteTasksSchema,
  createTaskSchema,
  deleteTaskSchema,
  duplicateTaskSchema,
  getTaskSchema,
  listMyTasksSchema,
  listProjectTasksSchema,
  moveSubtaskSchema,
  moveTaskSchema,
  moveTaskToProjectSchema,
  removeTaskRelationSchema,
  setTaskLabelsSchema,
  setTaskParentSchema,
  taskStructureSchema,
  updateTaskSchema,
} from './route-schemas.ts';
import { readTaskStructure } from './structure.ts';
import { TaskListCache } from './task-list-cache.ts';

export async function taskRoutes(app: AppInstance): Promise<void> {
  const { db } = app.deps;
  // The patch reads follow a write's event, whichever request is running: background work.
  const lists = new TaskListCache(
    app.deps.bus,
    (projectId, taskIds) => backgroundWork.run(true, () => listedTasks(db, projectId, taskIds)),
    // One connection: statements run one at a time, in the order their events come.
    app.deps.database.pglite !== undefined,
  );
  app.addHook('onClose', async () => lists.close());

  app.get('/api/projects/:projectId/tasks', { schema: listProjectTasksSchema }, async (request, reply) => {
    const user = await requireUser(request);
    const shape = request.query.shape === BOARD_SHAPE ? 'board' : 'list';
    return sendJsonText(
      request,
      reply,
      await readProjectTasks(db, lists, user, request.params.projectId, shape, request.query.field),
    );
  });

  app.post('/api/projects/:projectId/tasks', { schema: createTaskSchema }, async (request, reply) => {
    const user = await requireUser(request);
    const task = await createTask(app.deps, user, {
      projectId: request.params.projectId,
      task: request.body,
    });
    return reply.status(201).send(presentTaskSummary(task));
  });

  app.get('/api/my-tasks', { schema: listMyTasksSchema }, async (request, reply) => {
    return sendJsonText(request, reply, await readMyTasks(db, await requireUser(request)));
  });

  app.get('/api/tasks/:taskId', { schema: getTaskSchema }, async (request) => {
    const user = await requireUser(request);
    return presentTaskDetail(await readTaskDetail(db, user, request.params.taskId));
  });

  app.patch('/api/tasks/:taskId', { schema: updateTaskSchema }, async (request, reply) => {
    const user = await requireUser(request);
    const task = await updateTask(app.deps, user, { taskId: request.params.taskId, changes: request.body });
    return sendJsonText(request, reply, { body: task.summary });
  });

  app.post('/api/tasks/bulk-change', { schema: bulkChangeTasksSchema }, async (request, reply) => {
    const tasks = await bulkChangeTasks(app.deps, await requireUser(request), request.body);
    // Each summary is JSON text the database built in presentTaskSummary's shape, as a PATCH answers.
    return sendJsonText(request, reply, {
      body: `{"tasks":[${tasks.map((task) => task.summary).join(',')}]}`,
    });
  });

  app.post('/api/tasks/bulk-delete', { schema: bulkDeleteTasksSchema }, async (request, reply) => {
    await bulkDeleteTasks(app.deps, await requireUser(request), { taskIds: request.body.task_ids });
    return reply.status(204).send(null);
  });

  app.put('/api/tasks/:taskId/labels', { schema: setTaskLabelsSchema }, async (request, reply) => {
    const task = await setTaskLabels(app.deps, await requireUser(request), {
      taskId: request.params.taskId,
      labelIds: request.body.label_ids,
    });
    return sendJsonText(request, reply, { body: task.summary });
  });

  app.put('/api/tasks/:taskId/parent', { schema: setTaskParentSchema }, async (request, reply) => {
    const task = await setTaskParent(app.deps, await requireUser(request), {
      taskId: request.params.taskId,
      parentId: request.body.parent_id,
    });
    return sendJsonText(request, reply, { body: task.summary });
  });

  app.put('/api/tasks/:taskId/subtask-position', { schema: moveSubtaskSchema }, async (request, reply) => {
    await moveSubtask(app.deps, await requireUser(request), {
      taskId: request.params.taskId,
      index: request.body.index,
    });
    return reply.status(204).send(null);
  });

  app.get('/api/tasks/:taskId/structure', { schema: taskStructureSchema }, async (request) =>
    readTaskStructure(db, await requireUser(request), request.params.taskId),
  );

  app.post('/api/tasks/:taskId/relations', { schema: addTaskRelationSchema }, async (request, reply) => {
    const added = await addTaskRelation(app.deps, await requireUser(request), {
      taskId: request.params.taskId,
      side: request.body.side,
      otherId: request.body.task_id,
    });
    return reply.status(201).send({ relation_id: added.relationId });
  });

  app.delete(
    '/api/tasks/:taskId/relations/:relationId',
    { schema: removeTaskRelationSchema },
    async (request, reply) => {
      await removeTaskRelation(app.deps, await requireUser(request), request.params);
      return reply.status(204).send(null);
    },
  );

  app.delete('/api/tasks/:taskId', { schema: deleteTaskSchema }, async (request, reply) => {
    await deleteTask(app.deps, await requireUser(request), {
      taskId: request.params.taskId,
      subtasks: request.query.subtasks,
    });
    return reply.status(204).send(null);
  });

  app.post('/api/tasks/:taskId/move', { schema: moveTaskToProjectSchema }, async (request) => {
    const moved = await moveTaskToProject(app.deps, await requireUser(request), {
      taskId: request.params.taskId,
      projectId: request.body.project_id,
    });
    const row = await taskSummary(db, moved.taskId);
    if (!row) throw notFound('Task');
    return presentTaskSummary(row);
  });

  app.post('/api/tasks/:taskId/duplicate', { schema: duplicateTaskSchema }, async (request, reply) => {
    const copy = await duplicateTask(app.deps, await requireUser(request), { taskId: request.params.taskId });
    return reply.status(201).send(presentTaskSummary(copy));
  });

  app.post('/api/kanban-update', { schema: moveTaskSchema }, async (request, reply) => {
    const task = await moveTask(app.deps, await requireUser(request), request.body);
    return sendJsonText(request, reply, { body: task.summary });
  });
}
