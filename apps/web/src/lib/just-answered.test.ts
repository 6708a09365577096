import { describe, expect, it } from 'vitest';
import { refetchUnlessJustAnswered } from './just-answered';

describe('refetchUnlessJustAnswered', () => {
  const now = Date.now();
  it('shows an answer of the last two seconds without asking again', () => {
    expect(refetchUnlessJustAnswered({ state: { dataUpdatedAt: now - 500, isInvalidated: false } })).toBe(
      false,
    );
  });

  it('asks again for an older answer', () => {
    expect(refetchUnlessJustAnswered({ state: { dataUpdatedAt: now - 5000, isInvalidated: false } })).toBe(
      true,
    );
  });

  it('asks again for a recent answer that was declared out of date', () => {
    expect(refetchUnlessJustAnswered({ state: { dataUpdatedAt: now - 500, isInvalidated: true } })).toBe(
      true,
    );
  });
});
