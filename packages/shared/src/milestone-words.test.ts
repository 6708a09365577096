import { describe, expect, it } from 'vitest';
import { milestoneLogWords } from './milestone-words.ts';

describe('milestoneLogWords', () => {
  const beta = { milestone_id: 'b', name: 'Beta' };
  const launch = { milestone_id: 'l', name: 'Launch' };
  it('says where the task went, and from where', () => {
    expect(milestoneLogWords({ old: null, new: beta })).toBe('put the task in milestone Beta');
    expect(milestoneLogWords({ old: beta, new: launch })).toBe(
      'moved the task from milestone Beta to Launch',
    );
    expect(milestoneLogWords({ old: launch, new: null })).toBe('took the task out of milestone Launch');
  });
});
