import { describe, expect, it } from 'vitest';
import { FIGURE_PREFIX } from './report.ts';
import { crashRow, formatTable, readOutputLine, silentRow, summarize } from './table.ts';

const figure = {
  figure: 'inbox first page, median of 20',
  target: '≤ 50 ms',
  measured: '12.3 ms',
  pass: true,
};

describe('readOutputLine', () => {
  it('reads a figure line as reportFigure writes it', () => {
    expect(readOutputLine(`${FIGURE_PREFIX}${JSON.stringify(figure)}`)).toEqual({ figure });
  });

  it('keeps other output as text', () => {
    expect(readOutputLine('seeded 100000 tasks')).toEqual({ text: 'seeded 100000 tasks' });
  });

  it('calls a figure line with bad JSON or a missing or mistyped field malformed', () => {
    for (const bad of [
      '{"figure": "x",',
      JSON.stringify({ ...figure, measured: undefined }),
      JSON.stringify({ ...figure, pass: 'yes' }),
      'null',
    ])
      expect(readOutputLine(`${FIGURE_PREFIX}${bad}`)).toEqual({ malformed: `${FIGURE_PREFIX}${bad}` });
  });
});

describe('formatTable', () => {
  it('aligns the columns of a Markdown table and writes PASS, FAIL or a dash', () => {
    const table = formatTable([
      { bench: 'inbox-dashboard', ...figure },
      { bench: 'board', figure: 'moves per second', target: '≥ 500/s', measured: '420/s', pass: false },
      {
        bench: 'realtime',
        figure: 'RSS',
        target: 'none',
        measured: '180 MB',
        pass: null,
        machine: '152 ms, load 0.8',
      },
    ]);
    expect(table.split('\n')).toEqual([
      '| bench           | figure                         | target  | measured | pass/fail | machine          |',
      '|-----------------|--------------------------------|---------|----------|-----------|------------------|',
      '| inbox-dashboard | inbox first page, median of 20 | ≤ 50 ms | 12.3 ms  | PASS      | —                |',
      '| board           | moves per second               | ≥ 500/s | 420/s    | FAIL      | —                |',
      '| realtime        | RSS                            | none    | 180 MB   | —         | 152 ms, load 0.8 |',
    ]);
  });

  it('escapes a | and flattens a line break so a cell stays one cell', () => {
    const [, , row] = formatTable([
      { bench: 'b', figure: 'a | b\nc', target: 't', measured: 'm', pass: true },
    ]).split('\n');
    expect(row).toBe('| b     | a \\| b c | t      | m        | PASS      | —       |');
  });

  it('prints the header alone when there is no row', () => {
    expect(formatTable([]).split('\n')).toHaveLength(2);
  });
});

describe('rows for benchmarks without figures', () => {
  it('shows a crashed benchmark as a failed row naming its exit', () => {
    expect(crashRow('board', { code: 1, signal: null })).toMatchObject({
      bench: 'board',
      figure: expect.stringContaining('exited with code 1'),
      pass: false,
    });
    expect(crashRow('board', { code: null, signal: 'SIGKILL' }).figure).toContain('killed by SIGKILL');
    expect(crashRow('board', { code: 130, signal: null }).figure).toBe(
      'benchmark interrupted by SIGINT (exit code 130)',
    );
  });

  it('shows a benchmark that reported nothing without a verdict', () => {
    expect(silentRow('load')).toMatchObject({ bench: 'load', figure: 'no figure reported', pass: null });
  });

  it('counts the verdicts and names the benchmarks that did not finish', () => {
    const rows = [
      { bench: 'a', ...figure },
      { bench: 'a', ...figure, pass: false },
      crashRow('b', { code: 1, signal: null }),
      silentRow('c'),
    ];
    expect(summarize(rows, ['b'])).toBe('1 passed, 2 failed, 1 without a verdict; did not finish: b');
    expect(summarize(rows.slice(0, 1), [])).toBe('1 passed, 0 failed, 0 without a verdict');
  });
});
