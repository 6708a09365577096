import type { CommentView } from '@figgle/shared/comment-schemas';
import type { ProjectView } from '@figgle/shared/project-schemas';
import type { EventFrame } from '@figgle/shared/realtime-protocol';
import type { MyTaskView, TaskDetailView, TaskSummaryView } from '@figgle/shared/task-schemas';
import type { TimelineView } from '@figgle/shared/timeline-schemas';
import { type InvalidateQueryFilters, type QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyRealtimeEvent, applyRealtimeEvents } from './apply-event';
import type { InvalidationBatch } from './invalidation-batch';
import { inboxStatusQueryKey } from './query-keys';
import { watchedQueryCache } from './watched-query-cache';

const projectId = '11111111-1111-4111-8111-111111111111';
const organizationId = '22222222-2222-4222-8222-222222222222';
const me = '33333333-3333-4333-8333-333333333333';

function task(id: string, version: number, patch: Partial<MyTaskView> = {}): MyTaskView {
  return {
    task_id: id,
    project_id: projectId,
    reference: 1,
    title: `Task ${id}`,
    status: 'TODO',
    rank: 'a0',
    assignee: null,
    due_on: null,
    due_at: null,
    start_date: null,
    priority: 'NONE',
    labels: [],
    checklist: { done: 0, total: 0 },
    parent_id: null,
    estimate: null,
    cycle_id: null,
    subtasks: null,
    blocked_by: 0,
    last_modifier: null,
    comments_total: 0,
    author_id: null,
    author_name: '',
    is_from_figma: false,
    design_status: null,
    version,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    project: {
      project_id: projectId,
      name: 'Website',
      trigram: 'WEB',
      emoji: 'fox',
      organization_id: organizationId,
    },
    ...patch,
  };
}

function event(topic: string, data: unknown, patch: Partial<EventFrame> = {}): EventFrame {
  return {
    type: 'event',
    topic,
    kind: 'task',
    action: 'updated',
    id: (data as { task_id?: string } | null)?.task_id ?? 't1',
    organizationId,
    projectId,
    taskId: null,
    actorId: null,
    data,
    ...patch,
  };
}

const taskId = '44444444-4444-4444-8444-444444444444';
const other = '55555555-5555-4555-8555-555555555555';

function detail(version: number, patch: Partial<TaskDetailView> = {}): TaskDetailView {
  const { project, ...summary } = task(taskId, version);
  return {
    ...summary,
    content_json: { ops: [{ insert: 'Old description\n' }] },
    figma_client_meta: null,
    milestone_id: null,
    author: null,
    project,
    ...patch,
  };
}

function project(id: string, patch: Partial<ProjectView> = {}): ProjectView {
  return {
    project_id: id,
    organization_id: organizationId,
    name: `Project ${id}`,
    trigram: 'PRJ',
    emoji: 'fox',
    description: '',
    default_view: 'LIST',
    estimate_scale: 'none',
    estimated_task_count: 0,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    organization: { organization_id: organizationId, name: 'Acme' },
    task_count: 0,
    is_bookmarked: false,
    ...patch,
  };
}

function comment(id: string): CommentView {
  return {
    comment_id: id,
    task_id: taskId,
    author_id: other,
    author_name: 'Olga Other',
    user: { user_id: other, firstname: 'Olga', lastname: 'Other' },
    content_json: { ops: [{ insert: 'Looks good\n' }] },
    is_from_figma: false,
    is_imported: false,
    created_at: '2026-01-02T00:00:00.000Z',
    edited_at: null,
  };
}

let queryClient: QueryClient;
let invalidate: InvalidationBatch;
let invalidated: InvalidateQueryFilters[];
const context = (pathname = '/projects') => ({ queryClient, invalidate, userId: me, pathname });

/** Runs the batch now and tells which keys it invalidated (`=` exact, `^` the key and below). */
function flushedKeys(): string[] {
  invalidate.flush();
  return invalidated.map((filters) =>
    filters.queryKey ? `${filters.exact ? '=' : '^'}${JSON.stringify(filters.queryKey)}` : '(predicate)',
  );
}

/** The sidebar's Favorites: the cached projects the user starred. */
const favorites = () =>
  (queryClient.getQueryData<ProjectView[]>(['projects']) ?? [])
    .filter((item) => item.is_bookmarked)
    .map((item) => item.name);

beforeEach(() => {
  ({ queryClient, invalidate, invalidated } = watchedQueryCache());
});
afterEach(() => invalidate.dispose());

describe('applyRealtimeEvent', () => {
  it('replaces, adds and removes tasks on a cached board, never going back to an older version', () => {
    const key = ['tasks', projectId];
    queryClient.setQueryData<TaskSummaryView[]>(key, [task('t1', 3), task('t2', 1)]);
    applyRealtimeEvent(event(`tasks:${projectId}`, task('t1', 4, { status: 'DONE' })), context());
    applyRealtimeEvent(event(`tasks:${projectId}`, task('t1', 2, { status: 'TODO' })), context());
    applyRealtimeEvent(event(`tasks:${projectId}`, task('t3', 1), { action: 'created' }), context());
    applyRealtimeEvent(event(`tasks:${projectId}`, null, { action: 'deleted', id: 't2' }), context());
    const board = queryClient.getQueryData<TaskSummaryView[]>(key)!;
    expect(board.map((t) => [t.task_id, t.status, t.version])).toEqual([
      ['t1', 'DONE', 4],
      ['t3', 'TODO', 1],
    ]);
  });

  it('reads a board again when a read on its way may predate the live change', async () => {
    const key = ['tasks', projectId];
    queryClient.setQueryData<TaskSummaryView[]>(key, [task('t1', 1)]);
    let answerStaleRead: (tasks: TaskSummaryView[]) => void = () => {};
    let reads = 0;
    // The board on screen: its first read was answered before the change, the next one sees it.
    const board = new QueryObserver<TaskSummaryView[]>(queryClient, {
      queryKey: key,
      queryFn: () => {
        reads += 1;
        if (reads === 1) return new Promise((resolve) => (answerStaleRead = resolve));
        return Promise.resolve([task('t1', 2, { status: 'DONE' })]);
      },
    });
    const stop = board.subscribe(() => {});
    await vi.waitFor(() => expect(reads).toBe(1));
    applyRealtimeEvent(event(`tasks:${projectId}`, task('t1', 2, { status: 'DONE' })), context());
    answerStaleRead([task('t1', 1)]);
    invalidate.flush();
    await vi.waitFor(() => expect(reads).toBe(2));
    await vi.waitFor(() =>
      expect(queryClient.getQueryData<TaskSummaryView[]>(key)?.map((t) => t.status)).toEqual(['DONE']),
    );
    stop();
  });

  it('keeps in My tasks only the tasks assigned to the user', () => {
    queryClient.setQueryData<MyTaskView[]>(
      ['my-tasks'],
      [task('t1', 1, { assignee: { user_id: me, firstname: 'M', lastname: 'E' } })],
    );
    applyRealtimeEvent(
      event('my-tasks', task('t2', 1, { assignee: { user_id: me, firstname: 'M', lastname: 'E' } })),
      context(),
    );
    applyRealtimeEvent(event('my-tasks', task('t1', 2, { assignee: null })), context());
    expect(queryClient.getQueryData<MyTaskView[]>(['my-tasks'])!.map((t) => t.task_id)).toEqual(['t2']);
  });

  it('applies a batch frame as its events one by one would, writing each list once', () => {
    const board = ['tasks', projectId];
    const mine = { assignee: { user_id: me, firstname: 'M', lastname: 'E' } };
    const start = () => {
      queryClient.setQueryData<TaskSummaryView[]>(board, [task('t1', 3), task('t2', 1), task('t4', 1)]);
      queryClient.setQueryData<MyTaskView[]>(['my-tasks'], [task('t1', 3, mine)]);
    };
    const frames = [
      event(`tasks:${projectId}`, task('t1', 4, { status: 'DONE' })),
      event(`tasks:${projectId}`, task('t1', 2, { status: 'TODO' })),
      event(`tasks:${projectId}`, task('t3', 1), { action: 'created' }),
      event(`tasks:${projectId}`, null, { action: 'deleted', id: 't2' }),
      event(`tasks:${projectId}`, task('t2', 2), { action: 'created' }),
      event('my-tasks', task('t5', 1, mine)),
      event('my-tasks', task('t1', 4, { assignee: null })),
    ];
    const lists = () => ({
      board: queryClient.getQueryData<TaskSummaryView[]>(board)!.map((t) => [t.task_id, t.status, t.version]),
      mine: queryClient.getQueryData<MyTaskView[]>(['my-tasks'])!.map((t) => t.task_id),
    });
    start();
    for (const frame of frames) applyRealtimeEvent(frame, context());
    const oneByOne = lists();
    start();
    const writes = vi.spyOn(queryClient, 'setQueryData');
    applyRealtimeEvents(frames, context());
    expect(lists()).toEqual(oneByOne);
    expect(oneByOne.board).toEqual([
      ['t1', 'DONE', 4],
      ['t4', 'TODO', 1],
      ['t3', 'TODO', 1],
      ['t2', 'TODO', 2],
    ]);
    expect(writes.mock.calls.map(([key]) => key)).toEqual([board, ['my-tasks']]);
  });

  it('leaves a list alone when a batch changes none of it', () => {
    const board = ['tasks', projectId];
    const cached = [task('t1', 3)];
    queryClient.setQueryData<TaskSummaryView[]>(board, cached);
    applyRealtimeEvents([event(`tasks:${projectId}`, task('t1', 2, { status: 'DONE' }))], context());
    expect(queryClient.getQueryData(board)).toBe(cached);
  });

  it('leaves boards that are not cached alone (nothing fetched, nothing invented)', () => {
    applyRealtimeEvent(event(`tasks:${projectId}`, task('t1', 1)), context());
    expect(queryClient.getQueryData(['tasks', projectId])).toBeUndefined();
  });

  it('lights the inbox dot, except while the inbox shows Everything', () => {
    applyRealtimeEvent(event('inbox', null), { ...context('/inbox'), inboxEverythingShown: true });
    expect(queryClient.getQueryData(inboxStatusQueryKey)).toBeUndefined();
    // "For me" does not show the activity the dot stands for.
    applyRealtimeEvent(event('inbox', null), context('/inbox'));
    expect(queryClient.getQueryData(inboxStatusQueryKey)).toMatchObject({ has_new: true });
    queryClient.removeQueries({ queryKey: inboxStatusQueryKey });
    applyRealtimeEvent(event('inbox', null), context('/projects'));
    expect(queryClient.getQueryData(inboxStatusQueryKey)).toMatchObject({ has_new: true });
  });

  it('reads the inbox pages again, but not the status it just set', () => {
    queryClient.setQueryData(['inbox', 'page', 0], { items: [] });
    queryClient.setQueryData(inboxStatusQueryKey, {
      inbox_seen_at: '2026-01-01T00:00:00.000Z',
      has_new: false,
    });
    applyRealtimeEvent(event('inbox', null), context('/inbox'));
    expect(flushedKeys()).toEqual(['(predicate)']);
    expect(queryClient.getQueryState(['inbox', 'page', 0])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(inboxStatusQueryKey)?.isInvalidated).toBe(false);
  });

  it('ignores a frame whose topic it does not know, and presence frames', () => {
    queryClient.setQueryData(['projects'], [project('p1')]);
    applyRealtimeEvent(
      event('everything', project('p1', { name: 'Changed' }), { kind: 'project' }),
      context(),
    );
    applyRealtimeEvent(event('presence', null), context());
    expect(queryClient.getQueryData<ProjectView[]>(['projects'])![0]!.name).toBe('Project p1');
    expect(flushedKeys()).toEqual([]);
  });
});

describe('task events on the task page', () => {
  const page = `task:${taskId}`;

  it('replaces the cached task, never with an older version, and reads its change log, checklist, structure and watchers again', () => {
    queryClient.setQueryData(['task', taskId], detail(3));
    applyRealtimeEvent(
      event(page, detail(4, { status: 'DONE', title: 'New title' }), { actorId: other }),
      context(),
    );
    applyRealtimeEvent(event(page, detail(2, { status: 'TODO' }), { actorId: other }), context());
    expect(queryClient.getQueryData<TaskDetailView>(['task', taskId])).toMatchObject({
      status: 'DONE',
      title: 'New title',
      version: 4,
    });
    expect(flushedKeys()).toEqual([
      `=${JSON.stringify(['task', taskId, 'timeline'])}`,
      `=${JSON.stringify(['task', taskId, 'checklist'])}`,
      `=${JSON.stringify(['task', taskId, 'structure'])}`,
      `=${JSON.stringify(['task', taskId, 'figma-nodes'])}`,
      `=${JSON.stringify(['task', taskId, 'design-changes'])}`,
      `=${JSON.stringify(['task', taskId, 'figma-dev-resources'])}`,
      `=${JSON.stringify(['task', taskId, 'watchers'])}`,
      `=${JSON.stringify(['task', taskId, 'recurrence'])}`,
      `=${JSON.stringify(['project', projectId, 'custom-fields'])}`,
    ]);
  });

  it('keeps what the user typed when the event is the echo of their own edit', () => {
    queryClient.setQueryData(['task', taskId], detail(1, { title: 'Typed since' }));
    const echo = detail(2, { title: 'Sent', status: 'DOING', content_json: { ops: [{ insert: 'Sent\n' }] } });
    applyRealtimeEvent(event(page, echo, { actorId: me }), context());
    expect(queryClient.getQueryData<TaskDetailView>(['task', taskId])).toMatchObject({
      title: 'Typed since',
      status: 'DOING',
      version: 2,
      content_json: { ops: [{ insert: 'Old description\n' }] },
    });
  });

  it('reads a deleted task again (the page shows it is gone)', () => {
    queryClient.setQueryData(['task', taskId], detail(1));
    applyRealtimeEvent(event(page, null, { action: 'deleted', id: taskId }), context());
    expect(flushedKeys()).toEqual([`=${JSON.stringify(['task', taskId])}`]);
  });
});

describe('comment and log events', () => {
  const page = `task:${taskId}`;
  const timelineKey = ['task', taskId, 'timeline'];

  it('adds a new comment at the end of the cached timeline, once', () => {
    queryClient.setQueryData<TimelineView>(timelineKey, { items: [], names: {} });
    const frame = event(page, comment('c1'), { kind: 'comment', action: 'created', id: 'c1', taskId });
    applyRealtimeEvent(frame, context());
    // The author's own tab already added it from the answer; a second delivery changes nothing.
    applyRealtimeEvent(frame, context());
    const items = queryClient.getQueryData<TimelineView>(timelineKey)!.items;
    expect(items).toEqual([{ ...comment('c1'), kind: 'comment', at: comment('c1').created_at }]);
    expect(flushedKeys()).toEqual([]);
  });

  it('replaces an edited comment in place, keeping its place in the list', () => {
    const first = { ...comment('c1'), kind: 'comment' as const, at: comment('c1').created_at };
    const second = { ...comment('c2'), kind: 'comment' as const, at: comment('c2').created_at };
    queryClient.setQueryData<TimelineView>(timelineKey, { items: [first, second], names: {} });
    const edited = {
      ...comment('c1'),
      content_json: { ops: [{ insert: 'Edited\n' }] },
      edited_at: '2026-02-01T00:00:00.000Z',
    };
    applyRealtimeEvent(
      event(page, edited, { kind: 'comment', action: 'updated', id: 'c1', taskId }),
      context(),
    );
    const items = queryClient.getQueryData<TimelineView>(timelineKey)!.items;
    expect(items).toEqual([{ ...edited, kind: 'comment', at: first.at }, second]);
  });

  it('leaves a timeline that is not cached alone', () => {
    applyRealtimeEvent(event(page, comment('c1'), { kind: 'comment', id: 'c1', taskId }), context());
    expect(queryClient.getQueryData(timelineKey)).toBeUndefined();
  });

  it('reads the timeline again for a comment without data and for a new log line', () => {
    applyRealtimeEvent(
      event(page, null, { kind: 'comment', action: 'deleted', id: 'c1', taskId }),
      context(),
    );
    expect(flushedKeys()).toEqual([`=${JSON.stringify(timelineKey)}`]);
    invalidated.length = 0;
    applyRealtimeEvent(
      event(page, { log_id: 'l1' }, { kind: 'log', action: 'created', id: 'l1', taskId }),
      context(),
    );
    expect(flushedKeys()).toEqual([`=${JSON.stringify(timelineKey)}`]);
  });

  it('updates the comment count on the list and board, in My tasks and on the task page from the task event that follows a comment', () => {
    const assigned = { assignee: { user_id: me, firstname: 'M', lastname: 'E' } };
    queryClient.setQueryData(['tasks', projectId], [task(taskId, 1)]);
    queryClient.setQueryData(['my-tasks'], [task(taskId, 1, assigned)]);
    queryClient.setQueryData(['task', taskId], detail(1));
    const facts = { actorId: other, taskId };
    applyRealtimeEvent(event(`tasks:${projectId}`, task(taskId, 2, { comments_total: 1 }), facts), context());
    applyRealtimeEvent(
      event('my-tasks', task(taskId, 2, { ...assigned, comments_total: 1 }), facts),
      context(),
    );
    applyRealtimeEvent(event(page, detail(2, { comments_total: 1 }), facts), context());
    expect(queryClient.getQueryData<TaskSummaryView[]>(['tasks', projectId])![0]!.comments_total).toBe(1);
    expect(queryClient.getQueryData<MyTaskView[]>(['my-tasks'])![0]!.comments_total).toBe(1);
    expect(queryClient.getQueryData<TaskDetailView>(['task', taskId])!.comments_total).toBe(1);
  });
});

describe('project events', () => {
  const topic = `projects:${organizationId}`;

  it('replaces the project in the projects list, its page and the My tasks rows that show it', () => {
    queryClient.setQueryData(['projects'], [project('p1'), project(projectId, { name: 'Website' })]);
    queryClient.setQueryData(['project', projectId], project(projectId, { name: 'Website' }));
    queryClient.setQueryData(['my-tasks'], [task('t1', 1)]);
    const renamed = project(projectId, {
      name: 'Website 2',
      trigram: 'WB2',
      emoji: 'octopus',
      task_count: 3,
    });
    applyRealtimeEvent(event(topic, renamed, { kind: 'project', id: projectId, projectId }), context());
    expect(queryClient.getQueryData<ProjectView[]>(['projects'])!.map((p) => [p.name, p.task_count])).toEqual(
      [
        ['Project p1', 0],
        ['Website 2', 3],
      ],
    );
    expect(queryClient.getQueryData<ProjectView>(['project', projectId])!.name).toBe('Website 2');
    expect(queryClient.getQueryData<MyTaskView[]>(['my-tasks'])![0]!.project).toMatchObject({
      name: 'Website 2',
      trigram: 'WB2',
      emoji: 'octopus',
    });
    // The trash (a task deleted or restored changes its project), its tasks (an import's come without
    // an event each), its milestones, cycles and statuses, whose changes are announced as the project's.
    expect(flushedKeys()).toEqual([
      `=${JSON.stringify(['organizations', organizationId, 'trash'])}`,
      `^${JSON.stringify(['tasks', projectId])}`,
      `=${JSON.stringify(['milestones', projectId])}`,
      `=${JSON.stringify(['milestones', 'at-risk'])}`,
      `^${JSON.stringify(['cycles', projectId])}`,
      `=${JSON.stringify(['project', projectId, 'custom-fields'])}`,
      `^${JSON.stringify(['project-statuses', projectId])}`,
    ]);
  });

  it('adds a new project to the cached list, and does not invent a list or a page that is not cached', () => {
    applyRealtimeEvent(
      event(topic, project('p2'), { kind: 'project', action: 'created', id: 'p2' }),
      context(),
    );
    expect(queryClient.getQueryData(['projects'])).toBeUndefined();
    expect(queryClient.getQueryData(['project', 'p2'])).toBeUndefined();
    queryClient.setQueryData(['projects'], [project('p1')]);
    applyRealtimeEvent(
      event(topic, project('p2'), { kind: 'project', action: 'created', id: 'p2' }),
      context(),
    );
    expect(queryClient.getQueryData<ProjectView[]>(['projects'])!.map((p) => p.project_id)).toEqual([
      'p1',
      'p2',
    ]);
  });

  it('stars and unstars the project in the sidebar favorites, with the star the event carries for this user', () => {
    queryClient.setQueryData(['projects'], [project('p1', { is_bookmarked: true }), project('p2')]);
    expect(favorites()).toEqual(['Project p1']);
    applyRealtimeEvent(
      event(topic, project('p2', { is_bookmarked: true }), { kind: 'project', id: 'p2' }),
      context(),
    );
    expect(favorites()).toEqual(['Project p1', 'Project p2']);
    applyRealtimeEvent(
      event(topic, project('p1', { name: 'Renamed', is_bookmarked: false }), { kind: 'project', id: 'p1' }),
      context(),
    );
    expect(favorites()).toEqual(['Project p2']);
  });

  it('removes a deleted project from the list and favorites, and reads its page and My tasks again', () => {
    queryClient.setQueryData(['projects'], [project('p1', { is_bookmarked: true }), project('p2')]);
    applyRealtimeEvent(event(topic, null, { kind: 'project', action: 'deleted', id: 'p1' }), context());
    expect(queryClient.getQueryData<ProjectView[]>(['projects'])!.map((p) => p.project_id)).toEqual(['p2']);
    expect(favorites()).toEqual([]);
    expect(flushedKeys()).toEqual([
      `=${JSON.stringify(['organizations', organizationId, 'trash'])}`,
      `^${JSON.stringify(['tasks', 'p1'])}`,
      `=${JSON.stringify(['milestones', 'p1'])}`,
      `=${JSON.stringify(['milestones', 'at-risk'])}`,
      `^${JSON.stringify(['cycles', 'p1'])}`,
      `=${JSON.stringify(['project', 'p1', 'custom-fields'])}`,
      `^${JSON.stringify(['project-statuses', 'p1'])}`,
      `=${JSON.stringify(['project', 'p1'])}`,
      `^${JSON.stringify(['my-tasks'])}`,
    ]);
  });
});

describe('organization and membership events', () => {
  const topic = `projects:${organizationId}`;
  const organizations = `^${JSON.stringify(['organizations'])}`;
  const members = `^${JSON.stringify(['members', organizationId])}`;
  const projects = `^${JSON.stringify(['projects'])}`;

  it('reads the organizations, the members and the projects again when the organization changes', () => {
    applyRealtimeEvent(event(topic, null, { kind: 'organization', id: organizationId }), context());
    expect(flushedKeys()).toEqual([organizations, members, projects]);
  });

  it('reads the organizations and members again when someone else’s membership changes', () => {
    applyRealtimeEvent(event(topic, null, { kind: 'membership', action: 'created', id: other }), context());
    expect(flushedKeys()).toEqual([organizations, members]);
  });

  it('forgets the organization when the user’s own membership ends', () => {
    applyRealtimeEvent(event(topic, null, { kind: 'membership', action: 'deleted', id: me }), context());
    expect(flushedKeys()).toEqual([
      organizations,
      members,
      projects,
      `^${JSON.stringify(['my-tasks'])}`,
      `^${JSON.stringify(['tasks'])}`,
    ]);
  });
});

describe('label events', () => {
  const topic = `projects:${organizationId}`;

  it('reads the labels, every task list, My tasks and the task pages again, not the organizations', () => {
    queryClient.setQueryData(['task', taskId], detail(1));
    queryClient.setQueryData(['task', taskId, 'timeline'], { items: [], names: {} });
    applyRealtimeEvent(event(topic, null, { kind: 'label', id: other, projectId: null }), context());
    expect(flushedKeys()).toEqual([
      `^${JSON.stringify(['labels', organizationId])}`,
      `^${JSON.stringify(['tasks'])}`,
      `^${JSON.stringify(['my-tasks'])}`,
      '(predicate)',
    ]);
    const stale = (key: unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(stale(['task', taskId])).toBe(true);
    // The change log does not change when a label is renamed.
    expect(stale(['task', taskId, 'timeline'])).toBe(false);
  });
});

describe('Figma events', () => {
  it('reads the radar again', () => {
    applyRealtimeEvent(
      event(
        'figma-events',
        { figma_event_id: 'f1' },
        { kind: 'figma_event', action: 'created', id: 'f1', projectId: null },
      ),
      context(),
    );
    expect(flushedKeys()).toEqual([`^${JSON.stringify(['figma-events'])}`]);
  });
});
