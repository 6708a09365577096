import type { CycleDetailView, ProjectCyclesView } from '@figgle/shared/cycle-schemas';
import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import type { TestUser } from '@figgle/test-support/users';
import { expect } from 'vitest';

// What the cycle tests do over HTTP, in-process or against a server process.

export async function turnCyclesOn(user: TestUser, projectId: string, weeks = 1, weekStart = 1) {
  const response = await user.api(`/api/projects/${projectId}/cycle-settings`, {
    method: 'PUT',
    body: { enabled: true, weeks, week_start: weekStart },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as ProjectCyclesView;
}

export async function cyclesOf(user: TestUser, projectId: string) {
  const response = await user.api(`/api/projects/${projectId}/cycles`);
  expect(response.status).toBe(200);
  return (await response.json()) as ProjectCyclesView;
}

export async function cycleDetail(user: TestUser, cycleId: string) {
  const response = await user.api(`/api/cycles/${cycleId}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as CycleDetailView;
}

export async function createTask(user: TestUser, projectId: string, title: string) {
  const response = await user.api(`/api/projects/${projectId}/tasks`, { body: { title } });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as TaskSummaryView;
}

export function planTask(user: TestUser, taskId: string, cycleId: string | null) {
  return user.api(`/api/tasks/${taskId}/cycle`, { method: 'PUT', body: { cycle_id: cycleId } });
}

export async function finishTask(user: TestUser, taskId: string) {
  const response = await user.api(`/api/tasks/${taskId}`, { method: 'PATCH', body: { status: 'DONE' } });
  expect(response.status, await response.clone().text()).toBe(200);
}

interface LogItem {
  kind: string;
  type?: string;
  metadata?: {
    cycle?: { old: { number: number } | null; new: { number: number } | null };
    rollover?: boolean;
  };
}

/** The task's CYCLE log lines, oldest first (GET /api/tasks/:taskId/timeline). */
export async function cycleLogLines(user: TestUser, taskId: string) {
  const response = await user.api(`/api/tasks/${taskId}/timeline`);
  expect(response.status).toBe(200);
  const { items } = (await response.json()) as { items: LogItem[] };
  return items.filter((item) => item.kind === 'log' && item.type === 'CYCLE');
}

export { eventually } from '../support/eventually.ts';
