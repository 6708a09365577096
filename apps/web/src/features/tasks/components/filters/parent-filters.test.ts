import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  type FilterableTask,
  filtersFromSearch,
  matchesFilters,
  NO_FILTERS,
  searchWithFilters,
} from './task-filters';

const PARENT = '55555555-5555-4555-8555-555555555555';
const OTHER = '66666666-6666-4666-8666-666666666666';

function task(parent_id: string | null | undefined): FilterableTask {
  return { status: 'TODO', title: 'Pay button', reference: 3, assignee: null, parent_id };
}

describe('the parent filters', () => {
  it('"Has no parent" lets through top-level tasks only, an old copy without the field among them', () => {
    const filters = { ...NO_FILTERS, parents: ['none'] };
    expect(matchesFilters(task(null), filters)).toBe(true);
    expect(matchesFilters(task(undefined), filters)).toBe(true);
    expect(matchesFilters(task(PARENT), filters)).toBe(false);
    expect(activeFilterCount(filters)).toBe(1);
  });

  it('"Sub-task of" lets through that task’s own sub-tasks', () => {
    const filters = { ...NO_FILTERS, parents: [PARENT] };
    expect(matchesFilters(task(PARENT), filters)).toBe(true);
    expect(matchesFilters(task(OTHER), filters)).toBe(false);
    expect(matchesFilters(task(null), filters)).toBe(false);
  });

  it('both: the top level and that task’s sub-tasks, counted as one filter', () => {
    const filters = { ...NO_FILTERS, parents: ['none', PARENT] };
    expect(matchesFilters(task(null), filters)).toBe(true);
    expect(matchesFilters(task(PARENT), filters)).toBe(true);
    expect(matchesFilters(task(OTHER), filters)).toBe(false);
    expect(activeFilterCount(filters)).toBe(1);
  });

  it('lives in the address as parent=none,<id>, read back the same', () => {
    const search = searchWithFilters(new URLSearchParams('sort=due'), {
      ...NO_FILTERS,
      parents: [PARENT, 'none'],
    });
    expect(search.get('parent')).toBe(`none,${PARENT}`);
    expect(search.get('sort')).toBe('due');
    expect(filtersFromSearch(search).parents).toEqual(['none', PARENT]);
    expect(searchWithFilters(search, NO_FILTERS).get('parent')).toBeNull();
  });

  it('keeps "none" and the first task id of an edited link, and drops what is neither', () => {
    const read = filtersFromSearch(
      new URLSearchParams(`parent=WEB-12,${PARENT.toUpperCase()},${OTHER},nobody,none`),
    );
    expect(read.parents).toEqual(['none', PARENT]);
    expect(filtersFromSearch(new URLSearchParams('parent=')).parents).toEqual([]);
  });
});
