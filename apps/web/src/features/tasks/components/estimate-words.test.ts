import { estimateRank, estimateTotal } from '@figgle/shared/estimate';
import { describe, expect, it } from 'vitest';
import { estimateTotalsOf, scaleChangeQuestion } from './estimate-words';
import { filtersFromSearch, matchesFilters, NO_FILTERS, searchWithFilters } from './filters/task-filters';
import { compareTasksBy } from './task-sort';

const task = (title: string, estimate: string | null, status: 'TODO' | 'DOING' = 'TODO') => ({
  title,
  status,
  priority: 'NONE' as const,
  due_on: null,
  due_at: null,
  estimate,
});

describe('estimates added up', () => {
  it('sums points ("13 pts"), and leaves out tasks without one or of another scale', () => {
    expect(estimateTotal('points', ['5', '8', null, undefined, 'M'])).toBe('13 pts');
    expect(estimateTotal('points', ['1'])).toBe('1 pt');
    expect(estimateTotal('points', [null, 'XL'])).toBeNull();
  });

  it('counts t-shirt sizes per size, smallest first', () => {
    expect(estimateTotal('tshirt', ['L', 'S', 'L', null, '5'])).toBe('1 S · 2 L');
  });

  it('adds nothing up for a project without a scale', () => {
    expect(estimateTotal('none', ['5'])).toBeNull();
  });

  it("per board column or list group, from each task's estimate", () => {
    const estimates: Record<string, string | null> = { a: '3', b: '5', c: null, d: '13' };
    const totals = estimateTotalsOf(
      'points',
      { TODO: ['a', 'b', 'c'], DOING: ['d'], DONE: [] },
      (id) => estimates[id],
    );
    expect(totals).toEqual({ TODO: '8 pts', DOING: '13 pts', DONE: null });
    expect(estimateTotalsOf('none', { TODO: ['a'] }, (id) => estimates[id])).toEqual({ TODO: null });
  });
});

describe('sorting the list by estimate', () => {
  it('puts the largest first and tasks without an estimate last, ties by status then title', () => {
    const tasks = [
      task('Small', '1'),
      task('None', null),
      task('Big', '13'),
      task('Bravo', '5'),
      task('Alpha', '5'),
    ];
    expect([...tasks].sort(compareTasksBy('estimate')).map((item) => item.title)).toEqual([
      'Big',
      'Alpha',
      'Bravo',
      'Small',
      'None',
    ]);
  });

  it('orders sizes from XL down to XS', () => {
    const tasks = ['S', 'XL', 'XS', 'M', 'L'].map((size) => task(size, size));
    expect([...tasks].sort(compareTasksBy('estimate')).map((item) => item.title)).toEqual([
      'XL',
      'L',
      'M',
      'S',
      'XS',
    ]);
    expect(estimateRank('XS')).toBe(1);
    expect(estimateRank(undefined)).toBeNull();
  });
});

describe('the Estimate filter', () => {
  it('keeps the tasks with one of the chosen estimates, "none" for those without', () => {
    const filters = { ...NO_FILTERS, estimates: ['5' as const, 'none' as const] };
    const base = { reference: 1, assignee: null };
    expect(matchesFilters({ ...base, ...task('Five', '5') }, filters)).toBe(true);
    expect(matchesFilters({ ...base, ...task('Nothing', null) }, filters)).toBe(true);
    expect(matchesFilters({ ...base, ...task('Eight', '8') }, filters)).toBe(false);
  });

  it('lives in the address, in the scale order, and drops what is no estimate', () => {
    const search = searchWithFilters(new URLSearchParams(), { ...NO_FILTERS, estimates: ['none', '8', '2'] });
    expect(search.toString()).toBe('estimate=2%2C8%2Cnone');
    expect(filtersFromSearch(new URLSearchParams('estimate=m,4,none,XL')).estimates).toEqual([
      'M',
      'none',
      'XL',
    ]);
  });
});

describe('asking before a new scale clears estimates', () => {
  it('says how many tasks lose theirs, and asks nothing when none has one', () => {
    expect(scaleChangeQuestion(12, 'tshirt')).toEqual({
      title: 'Clear the estimates?',
      text: "12 tasks have an estimate. Switching to T-shirt sizes clears them; each task's change log keeps what it was.",
      confirmLabel: 'Clear 12 estimates',
    });
    expect(scaleChangeQuestion(1, 'none')?.text).toBe(
      "1 task has an estimate. Turning estimates off clears it; each task's change log keeps what it was.",
    );
    expect(scaleChangeQuestion(0, 'points')).toBeNull();
  });
});
