import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  type FilterableTask,
  filtersFromSearch,
  filtersKey,
  matchesFilters,
  NO_FILTERS,
  searchWithFilters,
  type TaskFilters,
} from './task-filters';

const ME = '11111111-1111-4111-8111-111111111111';
const ANA = '22222222-2222-4222-8222-222222222222';
const LABEL_BUG = '33333333-3333-4333-8333-333333333333';
const LABEL_UI = '44444444-4444-4444-8444-444444444444';

function task(overrides: Partial<FilterableTask> = {}): FilterableTask {
  return {
    status: 'TODO',
    title: 'Redesign the checkout',
    reference: 12,
    assignee: null,
    priority: 'NONE',
    labels: [],
    due_on: null,
    due_at: null,
    ...overrides,
  };
}

const filters = (overrides: Partial<TaskFilters>): TaskFilters => ({ ...NO_FILTERS, ...overrides });
// A Wednesday, at noon in the viewer's time zone.
const now = new Date(2026, 10, 25, 12, 0, 0);
const context = { meId: ME, now };

describe('matchesFilters', () => {
  it('lets everything through when no filter is on', () => {
    expect(matchesFilters(task(), NO_FILTERS, context)).toBe(true);
    expect(activeFilterCount(NO_FILTERS)).toBe(0);
  });

  it('keeps the statuses asked for, any of them', () => {
    const wanted = filters({ statuses: ['TODO', 'DOING'] });
    expect(matchesFilters(task({ status: 'DOING' }), wanted, context)).toBe(true);
    expect(matchesFilters(task({ status: 'DONE' }), wanted, context)).toBe(false);
  });

  it('reads assignee "me", "none" and a member id', () => {
    const mine = task({ assignee: { user_id: ME } });
    const anas = task({ assignee: { user_id: ANA } });
    const nobodys = task({ assignee: null });
    expect(matchesFilters(mine, filters({ assignees: ['me'] }), context)).toBe(true);
    expect(matchesFilters(anas, filters({ assignees: ['me'] }), context)).toBe(false);
    expect(matchesFilters(nobodys, filters({ assignees: ['none'] }), context)).toBe(true);
    expect(matchesFilters(mine, filters({ assignees: ['none'] }), context)).toBe(false);
    expect(matchesFilters(anas, filters({ assignees: [ANA] }), context)).toBe(true);
    expect(matchesFilters(nobodys, filters({ assignees: ['me', 'none'] }), context)).toBe(true);
    // Before the viewer is known, "Me" is nobody's task.
    expect(matchesFilters(mine, filters({ assignees: ['me'] }), { meId: null, now })).toBe(false);
  });

  it('finds words of the title in any order, whatever the case and accents', () => {
    const cafe = task({ title: 'Café menu: new Logo' });
    expect(matchesFilters(cafe, filters({ text: 'logo' }), context)).toBe(true);
    expect(matchesFilters(cafe, filters({ text: 'CAFE' }), context)).toBe(true);
    expect(matchesFilters(cafe, filters({ text: 'logo café' }), context)).toBe(true);
    expect(matchesFilters(cafe, filters({ text: 'logo footer' }), context)).toBe(false);
    expect(matchesFilters(cafe, filters({ text: '   ' }), context)).toBe(true);
  });

  it('finds a task by its reference: 12, #12, or TRI-12 where it carries its project', () => {
    expect(matchesFilters(task(), filters({ text: '#12' }), context)).toBe(true);
    expect(matchesFilters(task(), filters({ text: '12' }), context)).toBe(true);
    expect(matchesFilters(task(), filters({ text: '#1' }), context)).toBe(false);
    const mine = task({ project: { trigram: 'CHE' } });
    expect(matchesFilters(mine, filters({ text: 'che-12' }), context)).toBe(true);
    expect(matchesFilters(mine, filters({ text: 'ABC-12' }), context)).toBe(false);
  });

  it('needs every kind of filter to match', () => {
    const both = filters({ statuses: ['TODO'], assignees: ['me'], text: 'checkout' });
    expect(matchesFilters(task({ assignee: { user_id: ME } }), both, context)).toBe(true);
    expect(matchesFilters(task({ assignee: { user_id: ME }, status: 'DONE' }), both, context)).toBe(false);
    expect(matchesFilters(task({ assignee: null }), both, context)).toBe(false);
    expect(activeFilterCount(both)).toBe(3);
  });

  it('keeps the priorities and labels asked for', () => {
    expect(
      matchesFilters(task({ priority: 'HIGH' }), filters({ priorities: ['HIGH', 'URGENT'] }), context),
    ).toBe(true);
    expect(matchesFilters(task({ priority: 'LOW' }), filters({ priorities: ['HIGH'] }), context)).toBe(false);
    const labelled = task({ labels: [{ label_id: LABEL_BUG }] });
    expect(matchesFilters(labelled, filters({ labels: [LABEL_BUG, LABEL_UI] }), context)).toBe(true);
    expect(matchesFilters(labelled, filters({ labels: [LABEL_UI] }), context)).toBe(false);
    expect(matchesFilters(task(), filters({ labels: [LABEL_UI] }), context)).toBe(false);
  });

  it('reads due as overdue, this week (Monday to Sunday) or no date', () => {
    const overdue = filters({ due: ['overdue'] });
    const week = filters({ due: ['week'] });
    const none = filters({ due: ['none'] });
    expect(matchesFilters(task({ due_on: '2026-11-24' }), overdue, context)).toBe(true);
    expect(matchesFilters(task({ due_on: '2026-11-25' }), overdue, context)).toBe(false);
    // Finished work is not late.
    expect(matchesFilters(task({ due_on: '2026-11-01', status: 'DONE' }), overdue, context)).toBe(false);
    const anHourAgo = new Date(now.getTime() - 3_600_000).toISOString();
    const inAnHour = new Date(now.getTime() + 3_600_000).toISOString();
    expect(matchesFilters(task({ due_at: anHourAgo }), overdue, context)).toBe(true);
    expect(matchesFilters(task({ due_at: inAnHour }), overdue, context)).toBe(false);
    expect(matchesFilters(task({ due_on: '2026-11-23' }), week, context)).toBe(true);
    expect(matchesFilters(task({ due_on: '2026-11-29' }), week, context)).toBe(true);
    expect(matchesFilters(task({ due_on: '2026-11-30' }), week, context)).toBe(false);
    expect(matchesFilters(task({ due_on: '2026-11-22' }), week, context)).toBe(false);
    expect(matchesFilters(task({ due_at: inAnHour }), week, context)).toBe(true);
    expect(matchesFilters(task(), none, context)).toBe(true);
    expect(matchesFilters(task({ due_on: '2026-11-24' }), none, context)).toBe(false);
    expect(matchesFilters(task(), overdue, context)).toBe(false);
    expect(
      matchesFilters(task({ due_on: '2026-11-24' }), filters({ due: ['overdue', 'none'] }), context),
    ).toBe(true);
  });
});

describe('filters in the address', () => {
  const all = filters({
    statuses: ['DOING', 'TODO'],
    assignees: ['me', 'none', ANA],
    text: 'new logo',
    priorities: ['LOW', 'URGENT'],
    labels: [LABEL_BUG],
    due: ['none', 'overdue'],
  });

  it('round-trips every filter through the query string', () => {
    const search = searchWithFilters(new URLSearchParams(), all).toString();
    const back = filtersFromSearch(new URLSearchParams(search));
    expect(back).toEqual({
      ...all,
      // Written in board and priority order, so one view has one address.
      statuses: ['TODO', 'DOING'],
      priorities: ['URGENT', 'LOW'],
      due: ['overdue', 'none'],
    });
    expect(search).toContain('status=TODO%2CDOING');
    expect(search).toContain('q=new+logo');
  });

  it('keeps the address’s other parameters and drops filters turned off', () => {
    const current = new URLSearchParams('tab=2&status=DONE&q=old');
    const next = searchWithFilters(current, filters({ assignees: ['me'] }));
    expect(next.get('tab')).toBe('2');
    expect(next.get('status')).toBeNull();
    expect(next.get('q')).toBeNull();
    expect(next.get('assignee')).toBe('me');
    expect(searchWithFilters(current, NO_FILTERS).toString()).toBe('tab=2');
  });

  it('leaves out what cannot be a filter, so an edited link still opens', () => {
    const read = filtersFromSearch(
      new URLSearchParams(
        `status=TODO,IN_REVIEW,,todo,in review&assignee=me,robert,${ANA.toUpperCase()}&priority=HIGH,SOON&label=x,${LABEL_UI}&due=later,week`,
      ),
    );
    // A project's own status keys are kept (a key no status has matches no task); other text is not.
    expect(read.statuses).toEqual(['TODO', 'IN_REVIEW']);
    expect(read.assignees).toEqual(['me', ANA]);
    expect(read.priorities).toEqual(['HIGH']);
    expect(read.labels).toEqual([LABEL_UI]);
    expect(read.due).toEqual(['week']);
  });

  it('cuts a very long text to 200 characters', () => {
    const read = filtersFromSearch(new URLSearchParams({ q: 'x'.repeat(10_000) }));
    expect(read.text).toHaveLength(200);
  });

  it('gives one key per view, and none without filters', () => {
    expect(filtersKey(NO_FILTERS)).toBe('');
    expect(filtersKey(filters({ statuses: ['DOING', 'TODO'] }))).toBe(
      filtersKey(filters({ statuses: ['TODO', 'DOING'] })),
    );
    expect(filtersKey(filters({ text: '  ' }))).toBe('');
  });
});
