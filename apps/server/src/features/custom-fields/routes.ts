import {
  createCustomFieldInput,
  customFieldIdParams,
  customFieldViewSchema,
  projectCustomFieldParams,
  projectCustomFieldsViewSchema,
  setProjectCustomFieldInput,
  setTaskCustomValueInput,
  taskCustomFieldParams,
  updateCustomFieldInput,
} from '@figgle/shared/custom-field-schemas';
import { organizationIdParams } from '@figgle/shared/figma-schemas';
import { projectIdParams } from '@figgle/shared/project-schemas';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import { requireUser } from '../../auth/current-user.ts';
import { notFound } from '../../http/errors.ts';
import { noContent } from '../../http/response-schemas.ts';
import { authorize, authorizeInProject } from '../../policies/authorize.ts';
import { createCustomField } from './commands/create-custom-field.ts';
import { deleteCustomField } from './commands/delete-custom-field.ts';
import { setProjectCustomField } from './commands/set-project-custom-field.ts';
import { setTaskCustomValue } from './commands/set-task-custom-value.ts';
import { updateCustomField } from './commands/update-custom-field.ts';
import { presentCustomField, presentProjectCustomFields } from './presenter.ts';
import {
  customFieldsOfOrganization,
  customFieldWithUse,
  fieldsOfProject,
  valuesOfProject,
} from './queries.ts';

const tags = ['custom-fields'];

/**
 * Custom fields (docs/product.md#custom-fields): defined in the organization, turned on per project,
 * a value per task.
 */
export async function customFieldRoutes(app: AppInstance): Promise<void> {
  const { db } = app.deps;

  const answerField = async (fieldId: string) => {
    const row = await customFieldWithUse(db, fieldId);
    if (!row) throw notFound('Custom field');
    return presentCustomField(row);
  };

  app.get(
    '/api/organizations/:organizationId/custom-fields',
    { schema: { tags, params: organizationIdParams, response: { 200: z.array(customFieldViewSchema) } } },
    async (request) => {
      const user = await requireUser(request);
      await authorize(db, user, 'organization.read', request.params.organizationId);
      return (await customFieldsOfOrganization(db, request.params.organizationId)).map(presentCustomField);
    },
  );

  app.post(
    '/api/organizations/:organizationId/custom-fields',
    {
      schema: {
        tags,
        params: organizationIdParams,
        body: createCustomFieldInput,
        response: { 201: customFieldViewSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const fieldId = await createCustomField(app.deps, user, {
        organizationId: request.params.organizationId,
        field: request.body,
      });
      return reply.status(201).send(await answerField(fieldId));
    },
  );

  app.patch(
    '/api/custom-fields/:fieldId',
    {
      schema: {
        tags,
        params: customFieldIdParams,
        body: updateCustomFieldInput,
        response: { 200: customFieldViewSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await updateCustomField(app.deps, user, { fieldId: request.params.fieldId, changes: request.body });
      return answerField(request.params.fieldId);
    },
  );

  app.delete(
    '/api/custom-fields/:fieldId',
    { schema: { tags, params: customFieldIdParams, response: { 204: noContent } } },
    async (request, reply) => {
      await deleteCustomField(app.deps, await requireUser(request), { fieldId: request.params.fieldId });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/projects/:projectId/custom-fields',
    { schema: { tags, params: projectIdParams, response: { 200: projectCustomFieldsViewSchema } } },
    async (request) => {
      const user = await requireUser(request);
      await authorizeInProject(db, user, 'project.read', request.params.projectId);
      const [fields, values] = await Promise.all([
        fieldsOfProject(db, request.params.projectId),
        valuesOfProject(db, request.params.projectId),
      ]);
      return presentProjectCustomFields(fields, values);
    },
  );

  app.put(
    '/api/projects/:projectId/custom-fields/:fieldId',
    {
      schema: {
        tags,
        params: projectCustomFieldParams,
        body: setProjectCustomFieldInput,
        response: { 200: customFieldViewSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await setProjectCustomField(app.deps, user, {
        projectId: request.params.projectId,
        fieldId: request.params.fieldId,
        enabled: request.body.enabled,
        onCard: request.body.on_card,
      });
      return answerField(request.params.fieldId);
    },
  );

  app.put(
    '/api/tasks/:taskId/custom-fields/:fieldId',
    {
      schema: {
        tags,
        params: taskCustomFieldParams,
        body: setTaskCustomValueInput,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      await setTaskCustomValue(app.deps, user, {
        taskId: request.params.taskId,
        fieldId: request.params.fieldId,
        value: request.body.value,
      });
      return reply.status(204).send(null);
    },
  );
}
