// @database pglite
import { trelloBoard } from '@figgle/test-support/trello-board';
import { describe, expect, it } from 'vitest';
import type { ImportTask } from '../../src/features/imports/import-item.ts';
import { fileParses, ParseTurns } from '../../src/features/imports/one-parse-at-a-time.ts';
import { analyseInThread, planInThread } from '../../src/features/imports/read-in-thread.ts';
import { HttpError } from '../../src/http/errors.ts';

/**
 * A file to import is parsed in a thread of its own (issue 37, item 6): the audit's four 48 MB boards
 * held the server's one event loop, /healthz included, for 3.4 s. These tests read files through the
 * thread as the routes and the import job do. How long /healthz waits under that load is a figure of
 * bench/import-load.ts, not a timed test.
 */
const bytesOf = (text: string) => new TextEncoder().encode(text);

/** How many times the event loop turned while `work` ran: none when the work holds it throughout. */
async function turnsDuring<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let running = true;
  const turn = () => {
    if (!running) return;
    turns += 1;
    setImmediate(turn);
  };
  setImmediate(turn);
  const result = await work();
  running = false;
  return { result, turns };
}

describe('reading a file to import in a thread', () => {
  it('leaves the event loop free while a large board is parsed', async () => {
    const fixture = trelloBoard({ cards: 8_000, commentsPerCard: [4], lists: ['To Do', 'Done'] });
    const text = JSON.stringify(fixture.board);
    expect(text.length).toBeGreaterThan(8_000_000);
    // Parsed on this thread, the same text holds the loop: it does not turn once.
    const here = await turnsDuring(async () => JSON.parse(text) as unknown);
    expect(here.turns).toBe(0);

    const { result, turns } = await turnsDuring(() => analyseInThread(bytesOf(text)));
    expect(result.format).toBe('trello');
    expect(result.analysis).toMatchObject({ cards: 8_000 });
    expect(turns).toBeGreaterThan(20);
  }, 60_000);

  it('refuses a file it cannot read with the same 400 and where it broke', async () => {
    const refused = await analyseInThread(bytesOf('{"lists": [,]}')).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 400, code: 'bad_request' });
    expect((refused as HttpError).message).toMatch(/^The file is not valid JSON \(.+\): it may be cut short/);
  });

  it('hands the tasks over a batch at a time, in file order, after those already written', async () => {
    const rows = Array.from({ length: 1_200 }, (_, n) => `Task ${n + 1},To Do`);
    const csv = `Title,Status\n${rows.join('\n')}\n`;
    const plan = await planInThread(bytesOf(csv), 'csv', { csvColumns: ['title', 'status'] }, 20);
    expect(plan.taskCount).toBe(1_200);
    const batches: ImportTask[][] = [];
    // Each batch as many rows as asked (a CSV task here writes one row): 100, then 7 at a time.
    for (let batch = plan.nextBatch(100); batch !== null; batch = plan.nextBatch(7)) batches.push(batch);
    expect(batches[0]).toHaveLength(100);
    expect(batches[1]).toHaveLength(7);
    const titles = batches.flat().map((task) => task.title);
    expect(titles).toEqual(rows.slice(20).map((row) => row.split(',')[0]));
    expect(plan.nextBatch(100)).toBeNull();
  });

  it('reads a file from storage only in its turn, and hands over one task at least however few rows are asked', async () => {
    const board = JSON.stringify(
      trelloBoard({ cards: 30, commentsPerCard: [3], lists: ['To Do', 'Done'] }).board,
    );
    const bytes = bytesOf(board);
    let opened = 0;
    const stored = async () => {
      opened += 1;
      // Read as storage hands it: chunks of a few KB.
      async function* chunks() {
        for (let at = 0; at < bytes.length; at += 4_096) yield Buffer.from(bytes.subarray(at, at + 4_096));
      }
      return { size: bytes.length, chunks: chunks() };
    };
    const analysed = await analyseInThread(stored);
    expect(analysed.analysis).toMatchObject({ format: 'trello', cards: 30, comments: 90 });
    const lists = Object.fromEntries(
      analysed.analysis.format === 'trello'
        ? analysed.analysis.lists.map((list) => [list.list_id, list.suggested_status])
        : [],
    );
    const plan = await planInThread(stored, 'trello', { trelloLists: lists }, 0);
    expect(opened).toBe(2);
    expect(plan.taskCount).toBe(30);
    const first = plan.nextBatch(1);
    expect(first).toHaveLength(1);
    // A card with its 3 comments writes 4 rows (and its labels): 8 rows take at most two cards.
    expect(plan.nextBatch(8)?.length).toBeLessThanOrEqual(2);
    expect(first?.[0]?.comments).toHaveLength(3);
  });

  it('parses one file at a time per server: three sent at once take turns, and all are answered', async () => {
    const text = JSON.stringify(
      trelloBoard({ cards: 200, commentsPerCard: [2], lists: ['To Do', 'Done'] }).board,
    );
    const rows = Array.from({ length: 500 }, (_, n) => `Task ${n + 1},To Do`).join('\n');
    let mostRunning = 0;
    let mostWaiting = 0;
    let watching = true;
    const watch = () => {
      if (!watching) return;
      const { running, waiting } = fileParses.state();
      mostRunning = Math.max(mostRunning, running);
      mostWaiting = Math.max(mostWaiting, waiting);
      setImmediate(watch);
    };
    setImmediate(watch);
    const [first, second, plan] = await Promise.all([
      analyseInThread(bytesOf(text)),
      analyseInThread(bytesOf(text)),
      planInThread(bytesOf(`Title,Status\n${rows}\n`), 'csv', { csvColumns: ['title', 'status'] }, 0),
    ]);
    watching = false;
    try {
      expect(first.analysis).toMatchObject({ cards: 200 });
      expect(second.analysis).toMatchObject({ cards: 200 });
      expect(plan.taskCount).toBe(500);
      expect(mostRunning).toBe(1);
      expect(mostWaiting).toBe(2);
      // The plan's thread has ended; its packed tasks are handed over here, and the turn is free.
      expect(fileParses.state()).toEqual({ running: 0, waiting: 0 });
      expect(plan.nextBatch(500)?.length).toBe(500);
    } finally {
      watching = false;
    }
  }, 60_000);

  it('passes the turn on when a parse fails', async () => {
    const turns = new ParseTurns();
    const order: string[] = [];
    const failing = turns.run(async () => {
      order.push('first');
      throw new Error('broken file');
    });
    const next = turns.run(async () => {
      order.push('second');
      return 'read';
    });
    await expect(failing).rejects.toThrow('broken file');
    expect(await next).toBe('read');
    expect(order).toEqual(['first', 'second']);
    expect(turns.state()).toEqual({ running: 0, waiting: 0 });
  });
});
