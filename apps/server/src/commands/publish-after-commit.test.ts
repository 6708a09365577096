// @database pglite
import { describe, expect, it } from 'vitest';
import { type BusEvent, createInProcessBus } from '../realtime/bus.ts';
import { publishAfterCommit } from './publish-after-commit.ts';

const event: BusEvent = { kind: 'task', action: 'updated', id: 't', organizationId: 'o', projectId: 'p' };

function busHeard() {
  const steps: string[] = [];
  const bus = createInProcessBus(undefined, async () => {
    steps.push('durable');
  });
  bus.subscribe((heard) => steps.push(`event ${heard.id}`));
  return { bus, steps };
}

describe('publishAfterCommit', () => {
  it('publishes once the write has committed and the commit is on disk, and answers the write', async () => {
    const { bus, steps } = busHeard();
    const result = await publishAfterCommit(
      bus,
      async () => {
        steps.push('committed');
        return 42;
      },
      (value) => ({ event: { ...event, id: String(value) } }),
    );
    expect(result).toBe(42);
    expect(steps).toEqual(['committed', 'durable', 'event 42']);
  });

  it('publishes nothing when the write fails or changed nothing', async () => {
    const { bus, steps } = busHeard();
    await expect(
      publishAfterCommit(
        bus,
        async () => {
          throw new Error('refused');
        },
        () => ({ event }),
      ),
    ).rejects.toThrow('refused');
    expect(
      await publishAfterCommit(
        bus,
        async () => 'same',
        () => null,
      ),
    ).toBe('same');
    expect(steps).toEqual([]);
  });
});
