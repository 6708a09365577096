import type { TaskPriority } from '@figgle/shared/priority';
import type { TaskStatus } from '@figgle/shared/status';
import { describe, expect, it } from 'vitest';
import { compareTasksBy } from './task-sort';

function task(
  title: string,
  patch: { status?: TaskStatus; priority?: TaskPriority; due_on?: string; due_at?: string },
) {
  return {
    title,
    status: patch.status ?? 'TODO',
    priority: patch.priority ?? 'NONE',
    due_on: patch.due_on ?? null,
    due_at: patch.due_at ?? null,
  };
}

const tasks = [
  task('Delta', { status: 'DONE', due_on: '2026-03-01', priority: 'LOW' }),
  task('Alpha', { due_on: '2026-03-10' }),
  task('Charlie', { priority: 'URGENT' }),
  task('Bravo', { status: 'DOING', due_on: '2026-03-10', priority: 'URGENT' }),
  task('Echo', {}),
];
const titles = (sort: Parameters<typeof compareTasksBy>[0]) =>
  [...tasks].sort(compareTasksBy(sort)).map((item) => item.title);

describe('the orders of the task list', () => {
  it('is by status then title by default', () => {
    expect(titles('status')).toEqual(['Alpha', 'Charlie', 'Echo', 'Bravo', 'Delta']);
  });

  it('by due date: earliest first, no date last, ties in the default order', () => {
    expect(titles('due')).toEqual(['Delta', 'Alpha', 'Bravo', 'Charlie', 'Echo']);
  });

  it('by priority: Urgent first and None last, then the earliest due, then the default order', () => {
    expect(titles('priority')).toEqual(['Bravo', 'Charlie', 'Delta', 'Alpha', 'Echo']);
  });
});
