// @database pglite
import { describe, expect, it } from 'vitest';
import { burnUp } from './burn-up.ts';
import type { CycleHistoryRow } from './queries.ts';

const CYCLE = 'c1';
const cycle = { cycle_id: CYCLE, starts_on: '2026-11-30', ends_on: '2026-12-07' };
const at = (iso: string) => new Date(iso);
const task = (task_id: string, status: string, estimate: string | null = null) => ({
  task_id,
  status,
  estimate,
  cycle_id: CYCLE,
  created_at: at('2026-11-01T00:00:00Z'),
});
const joined = (task_id: string, when: string, rollover = false): CycleHistoryRow => ({
  task_id,
  type: 'CYCLE',
  metadata: { cycle: { old: rollover ? { cycle_id: 'c0' } : null, new: { cycle_id: CYCLE } }, rollover },
  created_at: at(when),
});
const finished = (task_id: string, when: string): CycleHistoryRow => ({
  task_id,
  type: 'STATUS',
  metadata: { status: { old: 'TODO', new: 'DONE' } },
  created_at: at(when),
});

describe('the burn-up of a cycle', () => {
  it('counts, at the end of each day so far, the tasks in the cycle and those done, by count and points', () => {
    const tasks = [task('a', 'DONE', '3'), task('b', 'TODO', '5'), task('c', 'DONE', 'M')];
    const lines = [
      // Brought by the rollover of the cycle before, as this one began.
      joined('a', '2026-11-30T00:00:05Z', true),
      joined('b', '2026-11-30T09:00:00Z'),
      joined('c', '2026-12-01T10:00:00Z'),
      finished('a', '2026-12-01T12:00:00Z'),
      finished('c', '2026-12-02T08:00:00Z'),
    ].sort((x, y) => x.created_at.getTime() - y.created_at.getTime());
    const { points, addedAfterStart } = burnUp(cycle, tasks, lines, at('2026-12-02T15:00:00Z'));
    expect(points).toEqual([
      { date: '2026-11-30', scope: 2, done: 0, scope_points: 8, done_points: 0 },
      { date: '2026-12-01', scope: 3, done: 1, scope_points: 8, done_points: 3 },
      { date: '2026-12-02', scope: 3, done: 2, scope_points: 8, done_points: 3 },
    ]);
    // b and c were planned after the cycle began; a came with the rollover.
    expect(addedAfterStart).toBe(2);
  });

  it('keeps a task the rollover moved out in the scope to the last day, and draws every day once ended', () => {
    const tasks = [{ ...task('a', 'TODO'), cycle_id: 'c2' }];
    const lines: CycleHistoryRow[] = [
      joined('a', '2026-11-29T10:00:00Z'),
      {
        task_id: 'a',
        type: 'CYCLE',
        metadata: { cycle: { old: { cycle_id: CYCLE }, new: { cycle_id: 'c2' } }, rollover: true },
        created_at: at('2026-12-07T00:00:02Z'),
      },
    ];
    const { points, addedAfterStart } = burnUp(cycle, tasks, lines, at('2026-12-20T00:00:00Z'));
    expect(points).toHaveLength(7);
    expect(points.every((point) => point.scope === 1 && point.done === 0)).toBe(true);
    expect(addedAfterStart).toBe(0);
  });

  it("counts a task done when it reaches any of the project's finished statuses (Shipped)", () => {
    const tasks = [task('a', 'SHIPPED'), task('b', 'IN_REVIEW')];
    const moved = (task_id: string, status: string, when: string): CycleHistoryRow => ({
      task_id,
      type: 'STATUS',
      metadata: { status: { old: 'TODO', new: status } },
      created_at: at(when),
    });
    const lines = [
      joined('a', '2026-11-30T09:00:00Z'),
      joined('b', '2026-11-30T09:00:00Z'),
      moved('a', 'SHIPPED', '2026-11-30T12:00:00Z'),
      moved('b', 'IN_REVIEW', '2026-11-30T12:00:00Z'),
    ];
    const finishedKeys = new Set(['DONE', 'SHIPPED', 'ARCHIVE']);
    const { points } = burnUp(cycle, tasks, lines, at('2026-11-30T15:00:00Z'), finishedKeys);
    expect(points).toEqual([{ date: '2026-11-30', scope: 2, done: 1, scope_points: 0, done_points: 0 }]);
  });
});
