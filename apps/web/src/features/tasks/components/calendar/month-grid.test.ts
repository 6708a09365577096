import { describe, expect, it } from 'vitest';
import { dayTitle, dueMovedTo, monthTitle, monthWeeks, shiftMonth, tasksByDay } from './month-grid';

describe('the month grid', () => {
  it('starts on the Monday on or before the first day and ends on the Sunday on or after the last', () => {
    const weeks = monthWeeks('2026-11');
    expect(weeks).toHaveLength(6);
    expect(weeks[0]![0]).toBe('2026-10-26');
    expect(weeks[0]![6]).toBe('2026-11-01');
    expect(weeks.at(-1)![6]).toBe('2026-12-06');
    expect(weeks.every((week) => week.length === 7)).toBe(true);
  });

  it('needs only four weeks for a February that starts on a Monday', () => {
    const weeks = monthWeeks('2027-02');
    expect(weeks).toHaveLength(4);
    expect(weeks[0]![0]).toBe('2027-02-01');
    expect(weeks[3]![6]).toBe('2027-02-28');
  });

  it('moves across years', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(monthTitle('2026-11')).toBe('November 2026');
    expect(dayTitle('2026-11-25')).toBe('Wednesday, November 25, 2026');
  });
});

describe('tasks on the calendar', () => {
  it('puts a day on its day and a timed due on the day it falls on in the viewer’s zone', () => {
    const tasks = [
      { id: 'a', due_on: '2026-11-05', due_at: null },
      { id: 'b', due_on: null, due_at: '2026-11-05T23:30:00.000Z' },
      { id: 'c', due_on: null, due_at: null },
    ];
    const inParis = tasksByDay(tasks, 'Europe/Paris');
    expect(inParis.get('2026-11-05')?.map((task) => task.id)).toEqual(['a']);
    expect(inParis.get('2026-11-06')?.map((task) => task.id)).toEqual(['b']);
    const inNewYork = tasksByDay(tasks, 'America/New_York');
    expect(inNewYork.get('2026-11-05')?.map((task) => task.id)).toEqual(['a', 'b']);
  });

  it('moves a day to the new day, and a timed due to the new day at the same time of day', () => {
    expect(dueMovedTo({ due_on: '2026-11-05', due_at: null }, '2026-11-12')).toEqual({
      due_on: '2026-11-12',
      due_at: null,
    });
    expect(dueMovedTo({ due_on: null, due_at: null }, '2026-11-12')).toEqual({
      due_on: '2026-11-12',
      due_at: null,
    });
    const timed = new Date(2026, 10, 5, 14, 30).toISOString();
    const moved = dueMovedTo({ due_on: null, due_at: timed }, '2026-11-12');
    expect(moved.due_on).toBeNull();
    const local = new Date(moved.due_at!);
    expect([
      local.getFullYear(),
      local.getMonth(),
      local.getDate(),
      local.getHours(),
      local.getMinutes(),
    ]).toEqual([2026, 10, 12, 14, 30]);
  });
});
