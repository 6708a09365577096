import { describe, expect, it } from 'vitest';
import { otherChanges, planningSentences } from './change-words';

const bug = { label_id: 'l1', name: 'Bug' };
const ui = { label_id: 'l2', name: 'UI' };
const docs = { label_id: 'l3', name: 'Docs' };

describe('the change-log sentences of the planning fields', () => {
  it('sets, changes and removes a due date, in words', () => {
    expect(planningSentences({ due: { old: null, new: '2026-03-05' } }, 'UTC')).toEqual([
      'set the due date to March 5, 2026',
    ]);
    expect(planningSentences({ due: { old: '2026-03-01', new: '2026-03-05' } }, 'UTC')).toEqual([
      'changed the due date from March 1, 2026 to March 5, 2026',
    ]);
    expect(planningSentences({ due: { old: '2026-03-05', new: null } }, 'UTC')).toEqual([
      'removed the due date (March 5, 2026)',
    ]);
  });

  it('reads a due time in the viewer’s time zone', () => {
    const metadata = { due: { old: '2026-03-05', new: '2026-03-05T23:30:00.000Z' } };
    expect(planningSentences(metadata, 'UTC')).toEqual([
      'changed the due date from March 5, 2026 to March 5, 2026 at 11:30 PM',
    ]);
    expect(planningSentences(metadata, 'Asia/Tokyo')).toEqual([
      'changed the due date from March 5, 2026 to March 6, 2026 at 8:30 AM',
    ]);
  });

  it('names the priorities', () => {
    expect(planningSentences({ priority: { old: 'NONE', new: 'HIGH' } })).toEqual([
      'changed the priority from None to High',
    ]);
  });

  it('says which labels were added and which removed', () => {
    expect(planningSentences({ labels: { old: [], new: [bug] } })).toEqual(['added the label “Bug”']);
    expect(planningSentences({ labels: { old: [bug], new: [ui, docs] } })).toEqual([
      'added the labels “UI” and “Docs”',
      'removed the label “Bug”',
    ]);
    // Same labels in another order: nothing to say.
    expect(planningSentences({ labels: { old: [bug, ui], new: [ui, bug] } })).toEqual([]);
  });

  it('says nothing for values that did not change', () => {
    expect(planningSentences({ due: { old: '2026-03-05', new: '2026-03-05' } })).toEqual([]);
    expect(planningSentences({ priority: { old: 'LOW', new: 'LOW' } })).toEqual([]);
  });

  it('keeps the other changes of the entry for the shared wording', () => {
    expect(otherChanges({ priority: { old: 'LOW', new: 'HIGH' } })).toBeNull();
    expect(
      otherChanges({ status: { old: 'TODO', new: 'DONE' }, priority: { old: 'LOW', new: 'HIGH' } }),
    ).toEqual({ status: { old: 'TODO', new: 'DONE' } });
  });
});
