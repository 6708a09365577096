// @database pglite
import { topics } from '@figgle/shared/realtime-protocol';
import { describe, expect, it, vi } from 'vitest';
import type { BusEvent } from './bus.ts';
import type { Connection } from './connection.ts';
import { type EntityLoader, type FanOutHub, fanOut } from './fan-out.ts';
import type { EventOutbox } from './outbox.ts';
import type { OutgoingEvent } from './outgoing-event.ts';

const ORGANIZATION = 'org';
const PROJECT = 'project';
const TASK = 'task';
const event: BusEvent = {
  kind: 'task',
  action: 'updated',
  id: TASK,
  organizationId: ORGANIZATION,
  projectId: PROJECT,
  taskId: TASK,
  actorId: 'someone',
};
const written = { task_id: TASK, title: 'As the write read it back', version: 3 };
const read = { task_id: TASK, title: 'As the loader read it', version: 3 };

/** A hub whose topics have the listeners given, and which records what it was asked to send. */
function hubWith(listening: string[]) {
  const sent: Array<{ topic: string; data: unknown }> = [];
  const connection = { user: { userId: 'viewer' } } as Connection;
  const outbox = {
    queue(_connections: readonly Connection[], outgoing: OutgoingEvent) {
      const frame = JSON.parse(outgoing.text) as { topic: string; data: unknown };
      sent.push({ topic: frame.topic, data: frame.data });
    },
  } as unknown as EventOutbox;
  const hub: FanOutHub = {
    audience: (topic) => (listening.includes(topic) ? [connection] : []),
    outbox,
  };
  return { hub, sent };
}

function loader() {
  return {
    task: vi.fn(async () => ({
      summary: read,
      myTask: { ...read, project: {} },
      detail: { ...read, description: '' },
    })),
    project: vi.fn(async () => null),
    comment: vi.fn(async () => null),
    log: vi.fn(async () => null),
    figmaEvent: vi.fn(async () => null),
  } satisfies EntityLoader;
}

describe('fanOut of a task change', () => {
  it('sends a board the summary its own write read back, without reading the task again', async () => {
    const { hub, sent } = hubWith([topics.tasks(PROJECT)]);
    const load = loader();
    await fanOut(hub, load, event, { taskSummary: JSON.stringify(written) });
    expect(load.task).not.toHaveBeenCalled();
    expect(sent).toEqual([{ topic: topics.tasks(PROJECT), data: written }]);
  });

  it('reads the task when the task page or my tasks listen, since they show more than the summary', async () => {
    const { hub, sent } = hubWith([topics.tasks(PROJECT), topics.task(TASK)]);
    const load = loader();
    await fanOut(hub, load, event, { taskSummary: JSON.stringify(written) });
    expect(load.task).toHaveBeenCalledWith(TASK);
    expect(sent).toEqual([
      { topic: topics.tasks(PROJECT), data: read },
      { topic: topics.task(TASK), data: { ...read, description: '' } },
    ]);
  });

  it('reads the task for a change another server made (the bus brings no rows)', async () => {
    const { hub, sent } = hubWith([topics.tasks(PROJECT)]);
    const load = loader();
    await fanOut(hub, load, event);
    expect(load.task).toHaveBeenCalledWith(TASK);
    expect(sent).toEqual([{ topic: topics.tasks(PROJECT), data: read }]);
  });

  it('reads nothing for a deleted task, and nothing at all when nobody listens', async () => {
    const deleted = hubWith([topics.tasks(PROJECT)]);
    const load = loader();
    await fanOut(
      deleted.hub,
      load,
      { ...event, action: 'deleted' },
      { taskSummary: JSON.stringify(written) },
    );
    expect(deleted.sent).toEqual([{ topic: topics.tasks(PROJECT), data: null }]);
    const nobody = hubWith([]);
    await fanOut(nobody.hub, load, event);
    expect(nobody.sent).toEqual([]);
    expect(load.task).not.toHaveBeenCalled();
  });
});
