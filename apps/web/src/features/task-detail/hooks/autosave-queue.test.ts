import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { AutosaveQueue, type AutosaveStatus } from './autosave-queue';

describe('AutosaveQueue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  type Save = Mock<(value: string) => Promise<unknown>>;
  function setup(save: Save = vi.fn(async (_value: string) => undefined)) {
    const statuses: AutosaveStatus[] = [];
    const queue = new AutosaveQueue(save, 2000, (status) => statuses.push(status));
    return { queue, save, statuses };
  }

  it('saves the latest value 2 s after the last change, once', async () => {
    const { queue, save, statuses } = setup();
    queue.schedule('a');
    await vi.advanceTimersByTimeAsync(1500);
    queue.schedule('ab');
    await vi.advanceTimersByTimeAsync(1999);
    expect(save).not.toHaveBeenCalled();
    expect(queue.isDirty()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith('ab');
    expect(queue.isDirty()).toBe(false);
    expect(statuses).toEqual(['pending', 'pending', 'saving', 'saved']);
  });

  it('holds a value typed during a save until that save ends, then sends it', async () => {
    let finish: () => void = () => undefined;
    const save: Save = vi.fn((_value: string) => new Promise<void>((resolve) => (finish = resolve)));
    const { queue } = setup(save);
    queue.schedule('first');
    await vi.advanceTimersByTimeAsync(2000);
    queue.schedule('second');
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(2000);
    expect(save.mock.calls.map(([value]) => value)).toEqual(['first', 'second']);
  });

  it('saves at once on flush, and keeps a failed value for the next try', async () => {
    const save: Save = vi.fn(async (value: string) => {
      if (value === 'bad') throw new Error('offline');
    });
    const { queue, statuses } = setup(save);
    queue.schedule('bad');
    await queue.flush();
    expect(statuses.at(-1)).toBe('error');
    expect(queue.isDirty()).toBe(true);
    save.mockImplementation(async () => undefined);
    await queue.flush();
    expect(save.mock.calls.map(([value]) => value)).toEqual(['bad', 'bad']);
    expect(statuses.at(-1)).toBe('saved');
    expect(queue.isDirty()).toBe(false);
  });

  it('does nothing on flush when nothing waits', async () => {
    const { queue, save } = setup();
    await queue.flush();
    expect(save).not.toHaveBeenCalled();
  });
});
