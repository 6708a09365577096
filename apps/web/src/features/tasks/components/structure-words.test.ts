import type { TaskStructureView } from '@figgle/shared/subtask-schemas';
import { describe, expect, it } from 'vitest';
import { blockedWords, openBlockers, shortEstimate, subtaskProgressWords } from './structure-words';

const link = (reference: string, title: string, status: 'TODO' | 'DOING' | 'DONE' | 'ARCHIVE') => ({
  task_id: '11111111-1111-4111-8111-111111111111',
  reference,
  title,
  status,
});

describe('the words of the structure marks', () => {
  it('says the progress of sub-tasks in full', () => {
    expect(subtaskProgressWords({ done: 2, total: 5 })).toBe('2 of 5 sub-tasks done');
    expect(subtaskProgressWords({ done: 0, total: 1 })).toBe('0 of 1 sub-task done');
  });

  it('names the open blockers only: not the finished ones, not other relations', () => {
    const structure = {
      parent: null,
      subtasks: [],
      progress: { done: 0, total: 0 },
      relations: [
        { relation_id: 'a', side: 'blocked_by', task: link('WEB-9', 'Payment API', 'DOING') },
        { relation_id: 'b', side: 'blocked_by', task: link('WEB-3', 'Old design', 'DONE') },
        { relation_id: 'c', side: 'blocked_by', task: link('MOB-2', 'Archived', 'ARCHIVE') },
        { relation_id: 'd', side: 'blocks', task: link('WEB-10', 'Later', 'TODO') },
        { relation_id: 'e', side: 'relates', task: link('WEB-11', 'Copy', 'TODO') },
        { relation_id: 'f', side: 'blocked_by', task: link('MOB-1', 'Screen', 'TODO') },
      ],
      blocked: true,
    } satisfies TaskStructureView;
    expect(openBlockers(structure)).toEqual(['WEB-9 Payment API', 'MOB-1 Screen']);
    expect(openBlockers(undefined)).toEqual([]);
  });

  it('says who blocks once known, how many until then', () => {
    expect(blockedWords(2, undefined)).toBe('Blocked by 2 open tasks');
    expect(blockedWords(1, [])).toBe('Blocked by 1 open task');
    expect(blockedWords(2, ['WEB-9 Payment API', 'MOB-1 Screen'])).toBe(
      'Blocked by WEB-9 Payment API, MOB-1 Screen',
    );
  });

  it('writes points with their unit and sizes as they are', () => {
    expect(shortEstimate('5')).toBe('5 pts');
    expect(shortEstimate('1')).toBe('1 pt');
    expect(shortEstimate('13')).toBe('13 pts');
    expect(shortEstimate('M')).toBe('M');
    expect(shortEstimate('XS')).toBe('XS');
  });
});
