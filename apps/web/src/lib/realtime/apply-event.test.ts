import type { EventFrame } from '@figgle/shared/realtime-protocol';
import type { MyTaskView, TaskSummaryView } from '@figgle/shared/task-schemas';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyRealtimeEvent } from './apply-event';
import { InvalidationBatch } from './invalidation-batch';
import { inboxStatusQueryKey } from './query-keys';

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
    last_modifier: null,
    comments_total: 0,
    author_id: null,
    author_name: '',
    is_from_figma: false,
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

let queryClient: QueryClient;
let invalidate: InvalidationBatch;
const context = (pathname = '/projects') => ({ queryClient, invalidate, userId: me, pathname });

beforeEach(() => {
  queryClient = new QueryClient();
  invalidate = new InvalidationBatch(queryClient);
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

  it('leaves boards that are not cached alone (nothing fetched, nothing invented)', () => {
    applyRealtimeEvent(event(`tasks:${projectId}`, task('t1', 1)), context());
    expect(queryClient.getQueryData(['tasks', projectId])).toBeUndefined();
  });

  it('lights the inbox dot, except on the inbox itself', () => {
    applyRealtimeEvent(event('inbox', null), context('/inbox'));
    expect(queryClient.getQueryData(inboxStatusQueryKey)).toBeUndefined();
    applyRealtimeEvent(event('inbox', null), context('/projects'));
    expect(queryClient.getQueryData(inboxStatusQueryKey)).toMatchObject({ has_new: true });
  });
});
