import { describe, expect, it } from 'vitest';
import { structureLogWords } from './structure-log-words.ts';

const ref = (reference: string) => ({ task_id: '0193a000-0000-7000-8000-000000000001', reference });

describe('structureLogWords', () => {
  it('words a parent change on the sub-task and on the parent', () => {
    expect(structureLogWords('PARENT', { parent: { old: null, new: ref('WEB-12') } })).toBe(
      'made this a sub-task of WEB-12',
    );
    expect(structureLogWords('PARENT', { parent: { old: ref('WEB-12'), new: null } })).toBe(
      'made this a top-level task (was under WEB-12)',
    );
    expect(structureLogWords('PARENT', { subtask: { ...ref('WEB-14'), added: true } })).toBe(
      'added sub-task WEB-14',
    );
    expect(structureLogWords('PARENT', { subtask: { ...ref('WEB-14'), added: false } })).toBe(
      'removed sub-task WEB-14',
    );
  });

  it('words a relation as the task it is on reads it, added or removed', () => {
    expect(
      structureLogWords('RELATION', { relation: { kind: 'blocked_by', ...ref('WEB-9'), added: true } }),
    ).toBe('marked as blocked by WEB-9');
    expect(
      structureLogWords('RELATION', { relation: { kind: 'duplicates', ...ref('WEB-3'), added: false } }),
    ).toBe('no longer marked as a duplicate of WEB-3');
  });

  it('leaves every other line to the other words', () => {
    expect(structureLogWords('STATUS', { status: { old: 'TODO', new: 'DONE' } })).toBeNull();
  });
});
