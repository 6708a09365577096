/**
 * How a benchmark hands a figure to `npm run bench` (bench/run.ts): one line per figure on stdout,
 * prefixed so the runner can pick it out of the benchmark's own progress output.
 * A benchmark run on its own still prints its figures readably; the runner gathers them into one table.
 */
export const FIGURE_PREFIX = 'BENCH_FIGURE ';

export interface BenchFigure {
  /** What was measured, with its conditions: "board (a) task list, 1,000 tasks, PGlite, median". */
  figure: string;
  /** The target in words: "≤ 25 ms". */
  target: string;
  /** The measured value with its unit: "21.4 ms". */
  measured: string;
  /** Whether the measured value meets the target; null for figures that are reported without a target. */
  pass: boolean | null;
}

export function reportFigure(figure: BenchFigure): void {
  console.log(`${FIGURE_PREFIX}${JSON.stringify(figure)}`);
}

export function parseFigureLine(line: string): BenchFigure | undefined {
  if (!line.startsWith(FIGURE_PREFIX)) return undefined;
  return JSON.parse(line.slice(FIGURE_PREFIX.length)) as BenchFigure;
}
