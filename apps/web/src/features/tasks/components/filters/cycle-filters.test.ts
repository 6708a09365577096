import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  type FilterableTask,
  filtersFromSearch,
  matchesFilters,
  NO_FILTERS,
  searchWithFilters,
} from './task-filters';

const CURRENT = '0194f1a2-0000-7000-8000-000000000001';
const NEXT = '0194f1a2-0000-7000-8000-000000000002';
const task = (cycle_id: string | null): FilterableTask => ({
  status: 'TODO',
  title: 'Ship it',
  reference: 7,
  assignee: null,
  cycle_id,
});

describe('the Current cycle filter', () => {
  it("keeps the tasks of the project's current cycle only", () => {
    const filters = { ...NO_FILTERS, cycle: ['current' as const] };
    const context = { meId: null, now: new Date(), currentCycleId: CURRENT };
    expect(matchesFilters(task(CURRENT), filters, context)).toBe(true);
    expect(matchesFilters(task(NEXT), filters, context)).toBe(false);
    expect(matchesFilters(task(null), filters, context)).toBe(false);
    // Without a current cycle (cycles off, or between two), nothing matches.
    expect(matchesFilters(task(CURRENT), filters, { meId: null, now: new Date() })).toBe(false);
    expect(activeFilterCount(filters)).toBe(1);
  });

  it('is kept in the address as cycle=current, and anything else there is left out', () => {
    const filters = { ...NO_FILTERS, cycle: ['current' as const] };
    const search = searchWithFilters(new URLSearchParams('view=1'), filters);
    expect(search.toString()).toBe('view=1&cycle=current');
    expect(filtersFromSearch(search).cycle).toEqual(['current']);
    expect(filtersFromSearch(new URLSearchParams('cycle=past')).cycle).toEqual([]);
  });
});
