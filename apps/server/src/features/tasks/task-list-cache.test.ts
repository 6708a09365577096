import { describe, expect, it } from 'vitest';
import { type BusEvent, createInProcessBus } from '../../realtime/bus.ts';
import { TaskListCache } from './task-list-cache.ts';

const ORGANIZATION = '00000000-0000-4000-8000-000000000001';
const A = 'project-a';
const B = 'project-b';

function setUp() {
  const bus = createInProcessBus();
  const cache = new TaskListCache(bus);
  const publish = (event: Partial<BusEvent>) =>
    bus.publish({ kind: 'task', action: 'updated', id: 'task', organizationId: ORGANIZATION, ...event });
  const keep = (projectId: string, body: string) =>
    cache.remember(projectId, cache.generation(projectId), body);
  return { cache, publish, keep };
}

describe('TaskListCache', () => {
  it('answers a remembered list until an event names its project; other projects stay', async () => {
    const { cache, publish, keep } = setUp();
    keep(A, '[1]');
    keep(B, '[2]');
    expect(cache.get(A)?.body).toBe('[1]');
    await publish({ kind: 'task', projectId: A });
    expect(cache.get(A)).toBeUndefined();
    expect(cache.get(B)?.body).toBe('[2]');
    await publish({ kind: 'project', id: B });
    expect(cache.get(B)).toBeUndefined();
  });

  it('reads an id spelled in capitals as the same project, so its events still drop it', async () => {
    const { cache, publish, keep } = setUp();
    const id = '3f0c6a1e-8b4d-4c2a-9e7f-1a2b3c4d5e6f';
    keep(id.toUpperCase(), '[1]');
    expect(cache.get(id)?.body).toBe('[1]');
    await publish({ kind: 'task', projectId: id });
    expect(cache.get(id.toUpperCase())).toBeUndefined();
  });

  it('does not keep a list read while a write to its project was published', async () => {
    const { cache, publish } = setUp();
    const generation = cache.generation(A);
    await publish({ kind: 'comment', projectId: A, taskId: 'task' });
    expect(cache.remember(A, generation, '[stale]')).toBeUndefined();
    expect(cache.get(A)).toBeUndefined();
    expect(cache.remember(A, cache.generation(A), '[fresh]')?.body).toBe('[fresh]');
  });

  it('starts over on a rename or an organization change and after missed events, not on a Figma event', async () => {
    const { cache, publish, keep } = setUp();
    keep(A, '[1]');
    await publish({ kind: 'figma_event', id: 'event' });
    expect(cache.get(A)?.body).toBe('[1]');
    await publish({ kind: 'membership', action: 'updated', id: 'user' });
    expect(cache.get(A)).toBeUndefined();
    const generation = cache.generation(B);
    keep(A, '[1]');
    await publish({ kind: 'organization', action: 'deleted', id: ORGANIZATION });
    expect(cache.get(A)).toBeUndefined();
    expect(cache.remember(B, generation, '[stale]')).toBeUndefined();
  });

  it('drops the least recently read lists past its memory budget', () => {
    const { cache, keep } = setUp();
    const big = 'x'.repeat(4 * 1024 * 1024);
    for (const projectId of ['p1', 'p2', 'p3', 'p4', 'p5']) keep(projectId, big);
    expect(cache.get('p1')).toBeUndefined();
    expect(cache.get('p2')?.body).toBe(big);
    keep('p6', big);
    // p2 was read last: p3 is now the oldest and goes first.
    expect(cache.get('p3')).toBeUndefined();
    expect(cache.get('p2')?.body).toBe(big);
    expect(cache.get('p6')?.body).toBe(big);
  });
});
