import type { RecurrenceView, SetRecurrenceInput } from '@figgle/shared/recurrence-schemas';
import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import type { TestUser } from '@figgle/test-support/users';
import { expect } from 'vitest';

export async function setRecurrence(user: TestUser, taskId: string, body: SetRecurrenceInput) {
  const response = await user.api(`/api/tasks/${taskId}/recurrence`, { method: 'PUT', body });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { recurrence: RecurrenceView }).recurrence;
}

export async function recurrenceOf(user: TestUser, taskId: string) {
  const response = await user.api(`/api/tasks/${taskId}/recurrence`);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { recurrence: RecurrenceView | null }).recurrence;
}

export async function tasksOf(user: TestUser, projectId: string) {
  const response = await user.api(`/api/projects/${projectId}/tasks`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as TaskSummaryView[];
}

export async function setStatus(user: TestUser, taskId: string, status: string) {
  const response = await user.api(`/api/tasks/${taskId}`, { method: 'PATCH', body: { status } });
  expect(response.status, await response.clone().text()).toBe(200);
}

export { eventually } from '../support/eventually.ts';
