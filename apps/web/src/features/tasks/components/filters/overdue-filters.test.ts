import { describe, expect, it } from 'vitest';
import { type FilterableTask, matchesFilters, NO_FILTERS } from './task-filters';

const task = (status: string): FilterableTask => ({
  status,
  title: 'Print the poster',
  reference: 7,
  assignee: null,
  due_on: '2026-11-20',
});
const now = new Date(2026, 10, 25, 12, 0, 0);
const overdue = { ...NO_FILTERS, due: ['overdue' as const] };

describe('the Overdue filter', () => {
  it("leaves out a task of a finished category, whatever its status's key", () => {
    // The project's own "Shipped" is of the Done category, "In review" of Started.
    const finished = (row: FilterableTask) => ['DONE', 'SHIPPED', 'ARCHIVE'].includes(row.status);
    expect(matchesFilters(task('SHIPPED'), overdue, { meId: null, now, finished })).toBe(false);
    expect(matchesFilters(task('IN_REVIEW'), overdue, { meId: null, now, finished })).toBe(true);
    // Without the project's statuses, the first four's keys decide.
    expect(matchesFilters(task('DONE'), overdue, { meId: null, now })).toBe(false);
    expect(matchesFilters(task('TODO'), overdue, { meId: null, now })).toBe(true);
  });
});
