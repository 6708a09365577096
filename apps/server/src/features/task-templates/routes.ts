import { projectIdParams, projectViewSchema } from '@figgle/shared/project-schemas';
import { taskIdParams, taskSummaryViewSchema } from '@figgle/shared/task-schemas';
import {
  createProjectFromTemplateInput,
  createTaskFromTemplateInput,
  saveTaskTemplateInput,
  taskTemplateViewSchema,
  templateIdParams,
} from '@figgle/shared/task-template-schemas';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import { requireUser } from '../../auth/current-user.ts';
import { notFound } from '../../http/errors.ts';
import { noContent } from '../../http/response-schemas.ts';
import { authorizeInProject } from '../../policies/authorize.ts';
import { presentProject } from '../projects/presenter.ts';
import { projectOf } from '../projects/queries.ts';
import { presentTaskSummary } from '../tasks/presenter.ts';
import { createProjectFromTemplate } from './commands/create-project-from-template.ts';
import { createTaskFromTemplate } from './commands/create-task-from-template.ts';
import { deleteTaskTemplate } from './commands/delete-task-template.ts';
import { saveTaskTemplate } from './commands/save-task-template.ts';
import { presentTaskTemplate, presentTemplatesOfProject } from './presenter.ts';
import { templateById, templatesOfProject } from './queries.ts';

const tags = ['task templates'];

/** Task templates (docs/product.md#templates): a project's own and the ready ones, and tasks made from them. */
export async function taskTemplateRoutes(app: AppInstance): Promise<void> {
  const { db } = app.deps;

  app.get(
    '/api/projects/:projectId/task-templates',
    {
      schema: {
        tags,
        description: 'The ready templates every project offers, then the project’s own, by name.',
        params: projectIdParams,
        response: { 200: z.array(taskTemplateViewSchema) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await authorizeInProject(db, user, 'project.read', request.params.projectId);
      return presentTemplatesOfProject(await templatesOfProject(db, request.params.projectId));
    },
  );

  app.post(
    '/api/tasks/:taskId/template',
    {
      schema: {
        tags,
        description:
          'Saves the task as a template of its project: title pattern, description, checklist, ' +
          'sub-task titles, labels, priority, estimate and custom field values.',
        params: taskIdParams,
        body: saveTaskTemplateInput,
        response: { 201: taskTemplateViewSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const templateId = await saveTaskTemplate(app.deps, user, {
        taskId: request.params.taskId,
        name: request.body.name,
        titlePattern: request.body.title_pattern,
      });
      const row = await templateById(db, templateId);
      if (!row) throw notFound('Template');
      return reply.status(201).send(presentTaskTemplate(row));
    },
  );

  app.delete(
    '/api/task-templates/:templateId',
    {
      schema: {
        tags,
        description:
          'Removes a project’s template; the tasks made from it stay. A ready template has no row: 404.',
        params: templateIdParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      await deleteTaskTemplate(app.deps, user, { templateId: request.params.templateId });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/projects/:projectId/tasks/from-template',
    {
      schema: {
        tags,
        description:
          'A task made from a template in one transaction, with its checklist and sub-tasks; the ' +
          'title is the template’s pattern filled in unless one is given.',
        params: projectIdParams,
        body: createTaskFromTemplateInput,
        response: { 201: taskSummaryViewSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const task = await createTaskFromTemplate(app.deps, user, {
        projectId: request.params.projectId,
        templateId: request.body.template_id,
        title: request.body.title,
      });
      return reply.status(201).send(presentTaskSummary(task));
    },
  );

  app.post(
    '/api/projects/:projectId/copy',
    {
      schema: {
        tags,
        description:
          'A new project of the same organization made from this one as a template: its statuses, ' +
          'estimate scale, custom fields and task templates, without its tasks or their history.',
        params: projectIdParams,
        body: createProjectFromTemplateInput,
        response: { 201: projectViewSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const projectId = await createProjectFromTemplate(app.deps, user, {
        templateProjectId: request.params.projectId,
        values: request.body,
      });
      const row = await projectOf(db, user.user_id, projectId);
      if (!row) throw notFound('Project');
      return reply.status(201).send(presentProject(row));
    },
  );
}
