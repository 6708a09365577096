import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BOARD_ID, boardIdOf, taskIdOf } from './board-ids.ts';

describe('task ids in the board shape', () => {
  it('writes a uuid of any kind in 22 characters and reads it back', () => {
    for (const id of [
      randomUUID(),
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-4fff-bfff-ffffffffffff',
    ]) {
      const text = boardIdOf(id, 1_795_918_092_104);
      expect(text).toMatch(BOARD_ID);
      expect(text).toHaveLength(22);
      expect(taskIdOf(text, 1_795_918_092_104)).toBe(id);
    }
  });

  it('writes an id made at its creation time (figgle_task_id) as its last 8 bytes', () => {
    const created = 1_795_918_092_104; // 0x01a2250f5748
    for (const tail of ['b1b7-ac380a373f54', '8000-000000000000', 'bfff-ffffffffffff']) {
      const id = `01a2250f-5748-7000-${tail}`;
      const text = boardIdOf(id, created);
      expect(text).toHaveLength(11);
      expect(taskIdOf(text, created)).toBe(id);
      // Made at another time, it is written whole.
      expect(boardIdOf(id, created + 1)).toHaveLength(22);
      expect(taskIdOf(boardIdOf(id, created + 1), created + 1)).toBe(id);
    }
  });
});
