import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import type { TaskTemplateView } from '@figgle/shared/task-template-schemas';
import type { TestServer } from '@figgle/test-support/test-server';
import type { TestUser } from '@figgle/test-support/users';
import { expect } from 'vitest';

/** The ready "Bug report" template (packages/shared/src/task-template-schemas.ts). */
export const BUG_REPORT = '0f1661e0-0000-4000-8000-000000000002';

export async function saveTemplate(user: TestUser, taskId: string, body: Record<string, unknown>) {
  const response = await user.api(`/api/tasks/${taskId}/template`, { body });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as TaskTemplateView;
}

export async function templatesOf(user: TestUser, projectId: string) {
  const response = await user.api(`/api/projects/${projectId}/task-templates`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as TaskTemplateView[];
}

export const fromTemplate = (user: TestUser, projectId: string, body: Record<string, unknown>) =>
  user.api(`/api/projects/${projectId}/tasks/from-template`, { body });

export async function createdFromTemplate(user: TestUser, projectId: string, body: Record<string, unknown>) {
  const response = await fromTemplate(user, projectId, body);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as TaskSummaryView;
}

/** What a project holds, to prove a refused request changed nothing. */
export async function projectFootprint(server: TestServer, projectId: string) {
  const { db } = server.deps;
  const tasks = await db.selectFrom('task').select('task_id').where('project_id', '=', projectId).execute();
  const ids = tasks.map((task) => task.task_id);
  const count = async (table: 'checklist_item' | 'task_label' | 'task_custom_value') =>
    ids.length === 0
      ? 0
      : (await db.selectFrom(table).select('task_id').where('task_id', 'in', ids).execute()).length;
  const project = await db
    .selectFrom('project')
    .select('last_reference')
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  const templates = await db
    .selectFrom('task_template')
    .select('template_id')
    .where('project_id', '=', projectId)
    .execute();
  return {
    tasks: ids.length,
    checklist: await count('checklist_item'),
    labels: await count('task_label'),
    values: await count('task_custom_value'),
    lastReference: project.last_reference,
    templates: templates.length,
  };
}
