import type { EventFrame } from '@figgle/shared/realtime-protocol';
import type { InvalidateQueryFilters, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyRealtimeEvent } from './apply-event';
import type { InvalidationBatch } from './invalidation-batch';
import { watchedQueryCache } from './watched-query-cache';

const organizationId = '22222222-2222-4222-8222-222222222222';
const projectId = '11111111-1111-4111-8111-111111111111';
const taskId = '44444444-4444-4444-8444-444444444444';
const someoneElse = '55555555-5555-4555-8555-555555555555';
const searchKey = ['search', 'page', { q: 'checkout', kinds: ['task'], limit: 20 }];

function event(topic: string, patch: Partial<EventFrame>): EventFrame {
  return {
    type: 'event',
    topic,
    kind: 'task',
    action: 'updated',
    id: taskId,
    organizationId,
    projectId,
    taskId,
    actorId: someoneElse,
    data: null,
    ...patch,
  };
}

let queryClient: QueryClient;
let invalidate: InvalidationBatch;
let invalidated: InvalidateQueryFilters[];
const context = () => ({ queryClient, invalidate, userId: null, pathname: '/search' });

/** Whether the batch, run now, read the search answers again. */
function searchReadAgain(): boolean {
  invalidate.flush();
  return invalidated.some((filters) => JSON.stringify(filters.queryKey) === JSON.stringify(['search']));
}

beforeEach(() => {
  ({ queryClient, invalidate, invalidated } = watchedQueryCache());
});
afterEach(() => invalidate.dispose());

describe('search answers and live events', () => {
  it('reads open search answers again when someone else creates or renames a task, or comments', () => {
    queryClient.setQueryData(searchKey, { pages: [], pageParams: [] });
    applyRealtimeEvent(event('inbox', { action: 'created' }), context());
    expect(searchReadAgain()).toBe(true);
    invalidated.length = 0;
    applyRealtimeEvent(event('inbox', { kind: 'comment', action: 'created' }), context());
    expect(searchReadAgain()).toBe(true);
    expect(queryClient.getQueryState(searchKey)?.isInvalidated).toBe(true);
  });

  it('reads them again when a project changes: its name, or a task deleted from it', () => {
    queryClient.setQueryData(searchKey, { pages: [], pageParams: [] });
    applyRealtimeEvent(
      event(`projects:${organizationId}`, { kind: 'project', id: projectId, taskId: null }),
      context(),
    );
    expect(searchReadAgain()).toBe(true);
  });

  it('leaves them alone after a Figma event, and reads nothing when no answer is cached', () => {
    queryClient.setQueryData(searchKey, { pages: [], pageParams: [] });
    applyRealtimeEvent(event('figma-events', { kind: 'figma_event' }), context());
    expect(searchReadAgain()).toBe(false);
    queryClient.clear();
    applyRealtimeEvent(event('inbox', { action: 'created' }), context());
    expect(searchReadAgain()).toBe(false);
  });
});
