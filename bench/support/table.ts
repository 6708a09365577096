import { type BenchFigure, FIGURE_PREFIX, parseFigureLine } from './report.ts';

/** One line of the table `npm run bench` prints at the end: a figure and the benchmark it came from. */
export interface BenchRow extends BenchFigure {
  bench: string;
  /** The machine's calibration (calibration.ts) taken right before the benchmark ran. */
  machine?: string;
}

/**
 * What a line of a benchmark's output is: a figure, a line that starts like one but does not hold one
 * (bad JSON, a field missing: the runner says so rather than crash or drop it silently), or plain output.
 */
export function readOutputLine(
  line: string,
): { figure: BenchFigure } | { malformed: string } | { text: string } {
  if (!line.startsWith(FIGURE_PREFIX)) return { text: line };
  let value: unknown;
  try {
    value = parseFigureLine(line);
  } catch {
    return { malformed: line };
  }
  return isBenchFigure(value) ? { figure: value } : { malformed: line };
}

function isBenchFigure(value: unknown): value is BenchFigure {
  if (typeof value !== 'object' || value === null) return false;
  const figure = value as Record<string, unknown>;
  return (
    typeof figure.figure === 'string' &&
    typeof figure.target === 'string' &&
    typeof figure.measured === 'string' &&
    (typeof figure.pass === 'boolean' || figure.pass === null)
  );
}

/** PASS, FAIL, or a dash for a figure reported without a target (or not measured). */
export function verdict(pass: boolean | null): string {
  if (pass === null) return '—';
  return pass ? 'PASS' : 'FAIL';
}

export interface BenchExit {
  code: number | null;
  signal: string | null;
}

/** How a benchmark process ended, in words. */
export function describeExit(exit: BenchExit): string {
  if (exit.code === 0) return 'done';
  // What runBench (bench/support/cleanup.ts) exits with after cleaning up on SIGINT or SIGTERM.
  if (exit.code === 130) return 'interrupted by SIGINT (exit code 130)';
  if (exit.code === 143) return 'stopped by SIGTERM (exit code 143)';
  return exit.signal ? `killed by ${exit.signal}` : `exited with code ${exit.code}`;
}

/** The row that stands for a benchmark that did not finish: it counts as failed. */
export function crashRow(bench: string, exit: BenchExit): BenchRow {
  return {
    bench,
    figure: `benchmark ${describeExit(exit)}${exit.code === 130 || exit.code === 143 ? '' : ' (its output above says why)'}`,
    target: '—',
    measured: '—',
    pass: false,
  };
}

/** The row that makes a benchmark that finished without reporting anything visible in the table. */
export function silentRow(bench: string): BenchRow {
  return { bench, figure: 'no figure reported', target: '—', measured: '—', pass: null };
}

const HEADER = ['bench', 'figure', 'target', 'measured', 'pass/fail', 'machine'];

/**
 * A Markdown table with aligned columns: readable in a terminal and pasteable as it is into a note.
 * A `|` inside a cell is escaped so it cannot split the cell.
 */
export function formatTable(rows: BenchRow[]): string {
  const cells = [
    HEADER,
    ...rows.map((row) => [
      row.bench,
      row.figure,
      row.target,
      row.measured,
      verdict(row.pass),
      row.machine ?? '—',
    ]),
  ].map((line) => line.map((cell) => cell.replaceAll('|', '\\|').replaceAll('\n', ' ')));
  const widths = HEADER.map((_, column) => Math.max(...cells.map((line) => [...line[column]!].length)));
  const render = (line: string[]) =>
    `| ${line.map((cell, column) => cell + ' '.repeat(widths[column]! - [...cell].length)).join(' | ')} |`;
  const rule = `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`;
  const [header, ...body] = cells;
  return [render(header!), rule, ...body.map(render)].join('\n');
}

/** One line under the table: how many figures met their target, missed it, or have none; which benchmarks crashed. */
export function summarize(rows: BenchRow[], crashed: string[]): string {
  const count = (pass: boolean | null) => rows.filter((row) => row.pass === pass).length;
  const figures = `${count(true)} passed, ${count(false)} failed, ${count(null)} without a verdict`;
  return crashed.length === 0 ? figures : `${figures}; did not finish: ${crashed.join(', ')}`;
}
