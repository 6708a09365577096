import { describe, expect, it } from 'vitest';
import { readBeforeChange } from './read-before-change';

const NOW = 1_000_000;
const read = (queryKey: unknown[], dataUpdatedAt: number) =>
  ({ queryKey, state: { dataUpdatedAt } }) as never;

describe('reads that may lack a change made before the subscription', () => {
  const board = readBeforeChange('tasks:p1', 3_000, NOW); // the change: at NOW - 3 s

  it("reads again the topic's data answered before the change, or less than a second after it", () => {
    expect(board(read(['tasks', 'p1'], NOW - 10_000))).toBe(true);
    expect(board(read(['tasks', 'p1'], NOW - 2_500))).toBe(true);
  });

  it('leaves data read well after the change, and other topics’ data', () => {
    expect(board(read(['tasks', 'p1'], NOW - 1_000))).toBe(false);
    expect(board(read(['tasks', 'p2'], NOW - 10_000))).toBe(false);
    expect(board(read(['me'], NOW - 10_000))).toBe(false);
  });

  it("an organization's projects topic covers the projects list and the projects' headers", () => {
    const projects = readBeforeChange('projects:o1', 500, NOW);
    expect(projects(read(['projects'], NOW - 5_000))).toBe(true);
    expect(projects(read(['project', 'p1'], NOW - 5_000))).toBe(true);
    expect(projects(read(['tasks', 'p1'], NOW - 5_000))).toBe(false);
  });

  it("a task's topic covers the task page's reads", () => {
    const task = readBeforeChange('task:t1', 200, NOW);
    expect(task(read(['task', 't1'], NOW - 5_000))).toBe(true);
    expect(task(read(['task', 't1', 'timeline'], NOW - 5_000))).toBe(true);
  });
});
