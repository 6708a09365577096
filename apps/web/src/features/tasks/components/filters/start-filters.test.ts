import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  type FilterableTask,
  filtersFromSearch,
  matchesFilters,
  NO_FILTERS,
  searchWithFilters,
} from './task-filters';

const task = (start_date: string | null): FilterableTask => ({
  status: 'TODO',
  title: 'Paint the fence',
  reference: 3,
  assignee: null,
  start_date,
});
// A Wednesday, at noon in the viewer's time zone.
const context = { meId: null, now: new Date(2026, 10, 25, 12, 0, 0) };

describe('the Start filter', () => {
  it('keeps the tasks started by today, those starting later, or those without a start date', () => {
    const started = { ...NO_FILTERS, start: ['started' as const] };
    expect(matchesFilters(task('2026-11-25'), started, context)).toBe(true);
    expect(matchesFilters(task('2026-11-01'), started, context)).toBe(true);
    expect(matchesFilters(task('2026-11-26'), started, context)).toBe(false);
    expect(matchesFilters(task(null), started, context)).toBe(false);

    const later = { ...NO_FILTERS, start: ['later' as const] };
    expect(matchesFilters(task('2026-11-26'), later, context)).toBe(true);
    expect(matchesFilters(task('2026-11-25'), later, context)).toBe(false);

    const noneOrLater = { ...NO_FILTERS, start: ['none' as const, 'later' as const] };
    expect(matchesFilters(task(null), noneOrLater, context)).toBe(true);
    expect(matchesFilters(task('2026-12-01'), noneOrLater, context)).toBe(true);
    expect(matchesFilters(task('2026-11-20'), noneOrLater, context)).toBe(false);
    // A copy kept from before start dates has none.
    const { start_date: _gone, ...old } = task(null);
    expect(matchesFilters(old, { ...NO_FILTERS, start: ['none'] }, context)).toBe(true);
    expect(activeFilterCount(noneOrLater)).toBe(1);
  });

  it('lives in the address as ?start=, in a fixed order, leaving out what is not a choice', () => {
    const search = searchWithFilters(new URLSearchParams('tab=2'), {
      ...NO_FILTERS,
      start: ['none', 'started'],
    });
    expect(search.toString()).toBe('tab=2&start=started%2Cnone');
    expect(filtersFromSearch(new URLSearchParams('start=later,soon,none')).start).toEqual(['later', 'none']);
  });
});
