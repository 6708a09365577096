// @database pglite
import { describe, expect, it } from 'vitest';
import { SummaryCache } from './summary-cache.ts';

const HOUR = 60 * 60 * 1000;

describe('SummaryCache', () => {
  it('keeps a value for its time, counted from the answer, then writes it again', async () => {
    let now = 0;
    const cache = new SummaryCache<string>(HOUR, 10, () => now);
    let writes = 0;
    const write = async () => ({ value: `answer ${++writes}`, keep: true });
    expect(await cache.get('ada', write)).toBe('answer 1');
    now += HOUR - 1;
    expect(await cache.get('ada', write)).toBe('answer 1');
    now += 1;
    expect(await cache.get('ada', write)).toBe('answer 2');
  });

  it('asks once for callers arriving together, and keeps nothing that may not be kept', async () => {
    const cache = new SummaryCache<string>(HOUR, 10);
    let writes = 0;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const write = async () => {
      writes += 1;
      await held;
      return { value: 'fallback', keep: false };
    };
    const together = [cache.get('ada', write), cache.get('ada', write), cache.get('ada', write)];
    release();
    expect(await Promise.all(together)).toEqual(['fallback', 'fallback', 'fallback']);
    expect(writes).toBe(1);
    await cache.get('ada', write);
    expect(writes).toBe(2);
  });

  it('forgets a failed write and passes its error on', async () => {
    const cache = new SummaryCache<string>(HOUR, 10);
    await expect(cache.get('ada', () => Promise.reject(new Error('database down')))).rejects.toThrow(
      'database down',
    );
    expect(await cache.get('ada', async () => ({ value: 'back', keep: true }))).toBe('back');
  });

  it('holds at most its number of entries, dropping the oldest', async () => {
    const cache = new SummaryCache<string>(HOUR, 2);
    const kept = (value: string) => async () => ({ value, keep: true });
    await cache.get('a', kept('a1'));
    await cache.get('b', kept('b1'));
    await cache.get('c', kept('c1'));
    expect(await cache.get('b', kept('b2'))).toBe('b1');
    expect(await cache.get('a', kept('a2'))).toBe('a2');
  });
});
