import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LineBuffer } from './lines.ts';
import { listBenches, selectBenches } from './select.ts';

describe('listBenches', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'figgle-bench-list-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('lists bench/*.ts but the runner, tests and what is in sub-folders', () => {
    for (const file of ['run.ts', 'board.ts', 'realtime.ts', 'table.test.ts', 'notes.md', 'package.json'])
      writeFileSync(path.join(dir, file), '');
    mkdirSync(path.join(dir, 'support'));
    writeFileSync(path.join(dir, 'support', 'report.ts'), '');
    expect(listBenches(dir)).toEqual(['board', 'realtime']);
  });

  it('puts the benchmark that seeds the most data last', () => {
    const other = mkdtempSync(path.join(os.tmpdir(), 'figgle-bench-order-'));
    for (const file of ['board.ts', 'inbox-dashboard.ts', 'load.ts', 'web-speed.ts'])
      writeFileSync(path.join(other, file), '');
    expect(listBenches(other)).toEqual(['board', 'load', 'web-speed', 'inbox-dashboard']);
    rmSync(other, { recursive: true, force: true });
  });
});

describe('selectBenches', () => {
  const available = ['board', 'inbox-dashboard', 'realtime'];

  it('runs every benchmark when none is named', () => {
    expect(selectBenches(available, [])).toEqual(available);
  });

  it('runs the named ones in the order given, a file name or path accepted, each once', () => {
    expect(selectBenches(available, ['realtime', 'bench/board.ts', './bench/realtime', 'board'])).toEqual([
      'realtime',
      'board',
    ]);
  });

  it('refuses an unknown name and lists the known ones', () => {
    expect(() => selectBenches(available, ['board', 'boards'])).toThrow(
      'unknown benchmark boards; known: board, inbox-dashboard, realtime',
    );
  });
});

describe('LineBuffer', () => {
  it('gives whole lines and keeps a cut line until its end arrives', () => {
    const lines = new LineBuffer();
    expect(lines.push('first\r\nBENCH_FIGURE {"fig')).toEqual(['first']);
    expect(lines.push('ure":1}\nlast')).toEqual(['BENCH_FIGURE {"figure":1}']);
    expect(lines.flush()).toEqual(['last']);
    expect(lines.flush()).toEqual([]);
  });
});
