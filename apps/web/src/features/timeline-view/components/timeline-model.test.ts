import type { ProjectTimeline, TimelineTask } from '@figgle/shared/timeline-view-schemas';
import { describe, expect, it } from 'vitest';
import { dayOf } from './days';
import { chainOfBlocks, layoutTimeline, spanOf } from './timeline-model';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function task(n: number, patch: Partial<TimelineTask> = {}): TimelineTask {
  return {
    task_id: id(n),
    reference: n,
    title: `Task ${n}`,
    status: 'TODO',
    assignee: null,
    start_date: null,
    due_on: null,
    due_at: null,
    parent_id: null,
    milestone_id: null,
    ...patch,
  };
}

const beta = { milestone_id: id(100), name: 'Beta', target_date: '2027-03-01' };
const alpha = { milestone_id: id(101), name: 'Alpha', target_date: '2027-02-01' };

function timeline(tasks: TimelineTask[], blocks: ProjectTimeline['blocks'] = []): ProjectTimeline {
  return { project_id: id(0), trigram: 'WEB', tasks, milestones: [alpha, beta], blocks };
}

describe('a task on the timeline', () => {
  it('spans start to due; either alone is one day; none is undated', () => {
    expect(spanOf(task(1, { start_date: '2027-01-04', due_on: '2027-01-08' }))).toEqual({
      start: dayOf('2027-01-04'),
      end: dayOf('2027-01-08'),
    });
    expect(spanOf(task(1, { due_on: '2027-01-08' }))).toEqual({
      start: dayOf('2027-01-08'),
      end: dayOf('2027-01-08'),
    });
    expect(spanOf(task(1, { start_date: '2027-01-04' }))).toEqual({
      start: dayOf('2027-01-04'),
      end: dayOf('2027-01-04'),
    });
    expect(spanOf(task(1))).toBeNull();
  });
});

describe('the layout', () => {
  const tasks = [
    task(1, { due_on: '2027-01-10', milestone_id: beta.milestone_id }),
    task(2, { start_date: '2027-01-02', due_on: '2027-01-05', milestone_id: alpha.milestone_id }),
    task(3, {
      start_date: '2027-01-05',
      due_on: '2027-01-09',
      milestone_id: alpha.milestone_id,
      parent_id: id(2),
    }),
    task(4, { due_on: '2027-01-03' }),
    task(5),
  ];

  it('groups by milestone in target order, the tasks without one last, sub-tasks under their parent', () => {
    const layout = layoutTimeline(timeline(tasks), 'milestone');
    expect(
      layout.rows.map((row) =>
        row.kind === 'group'
          ? `# ${row.label} (${row.count})`
          : `${'  '.repeat(row.bar.depth)}${row.bar.label}`,
      ),
    ).toEqual(['# Alpha (2)', 'WEB-2', '  WEB-3', '# Beta (1)', 'WEB-1', '# No milestone (1)', 'WEB-4']);
    expect(layout.undated.map((undated) => undated.reference)).toEqual([5]);
    expect(layout.rows[0]).toMatchObject({ target: dayOf('2027-02-01') });
  });

  it('groups by status and by assignee', () => {
    const withStatus = tasks.map((one) => (one.reference === 1 ? { ...one, status: 'DONE' as const } : one));
    expect(
      layoutTimeline(timeline(withStatus), 'status')
        .rows.filter((row) => row.kind === 'group')
        .map((row) => row.label),
    ).toEqual(['To Do', 'Done']);
    // A project's own statuses group by their names, in the board's order.
    const reviewed = tasks.map((one) =>
      one.reference === 2
        ? { ...one, status: 'IN_REVIEW' }
        : one.reference === 1
          ? { ...one, status: 'DONE' as const }
          : one,
    );
    const statuses = [
      { key: 'TODO', name: 'To Do' },
      { key: 'IN_REVIEW', name: 'In review' },
      { key: 'DONE', name: 'Shipped' },
    ];
    expect(
      layoutTimeline(timeline(reviewed as typeof tasks), 'status', statuses)
        .rows.filter((row) => row.kind === 'group')
        .map((row) => row.label),
    ).toEqual(['To Do', 'In review', 'Shipped']);
    const ada = { user_id: id(50), firstname: 'Ada', lastname: 'Lovelace' };
    const assigned = tasks.map((one) => (one.reference === 4 ? { ...one, assignee: ada } : one));
    expect(
      layoutTimeline(timeline(assigned), 'assignee')
        .rows.filter((row) => row.kind === 'group')
        .map((row) => row.label),
    ).toEqual(['Ada Lovelace', 'Unassigned']);
  });

  it('marks a task that starts on or before its blocker ends, and its arrow', () => {
    // WEB-2 (2–5 Jan) blocks WEB-3 (from 5 Jan): late. WEB-4 (3 Jan) blocks WEB-1 (10 Jan): in order.
    const layout = layoutTimeline(
      timeline(tasks, [
        { from_task_id: id(2), to_task_id: id(3) },
        { from_task_id: id(4), to_task_id: id(1) },
        { from_task_id: id(5), to_task_id: id(1) },
      ]),
      'milestone',
    );
    expect(layout.bars.get(id(3))!.startsBefore).toEqual(['WEB-2']);
    expect(layout.bars.get(id(1))!.startsBefore).toEqual([]);
    // An undated blocker draws no arrow.
    expect(layout.arrows).toEqual([
      { from: id(2), to: id(3), late: true },
      { from: id(4), to: id(1), late: false },
    ]);
  });
});

describe('a new arrow', () => {
  const pair = (from: number, to: number) => ({ from_task_id: id(from), to_task_id: id(to) });

  it('would close a loop when its blocked task already blocks its blocker, directly or through others', () => {
    const blocks = [pair(1, 2), pair(2, 3), pair(5, 1), pair(1, 3)];
    expect(chainOfBlocks(blocks, id(1), id(2))).toEqual([id(1), id(2)]);
    // The shortest way: 1 blocks 3 itself.
    expect(chainOfBlocks(blocks, id(1), id(3))).toEqual([id(1), id(3)]);
    expect(chainOfBlocks(blocks, id(5), id(2))).toEqual([id(5), id(1), id(2)]);
    expect(chainOfBlocks(blocks, id(3), id(1))).toBeNull();
    expect(chainOfBlocks(blocks, id(2), id(5))).toBeNull();
  });

  it('ends on a loop the server already holds', () => {
    expect(chainOfBlocks([pair(1, 2), pair(2, 1)], id(1), id(4))).toBeNull();
  });
});
