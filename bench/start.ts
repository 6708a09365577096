/**
 * How soon `npm start` answers: from the command to GET /login serving the login page, the web app
 * already built (as after `npm install && npm start` has built it once). Issue 2: within 10 s.
 * Three first starts on an empty data directory (the embedded database is created) and three
 * second starts on the same directory (it is reused).
 *
 *   npm run build -w @figgle/web && node --import tsx bench/start.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../e2e/support/figgle-server.ts';
import { npmStart, stopAllNpmStarts, stopNpmStart } from '../e2e/support/npm-start.ts';
import { reportFigure } from './support/report.ts';

const RUNS = 3;
const START_BUDGET_MS = 10_000;

const ms = (value: number) => `${value.toFixed(0)} ms`;

async function timeStarts(): Promise<{ first: number[]; again: number[] }> {
  const first: number[] = [];
  const again: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'figgle-bench-start-'));
    try {
      const port = await freePort();
      const fresh = await npmStart(port, dataDir);
      if (fresh.output().includes('Building the web app'))
        throw new Error('npm start built the web app: run `npm run build -w @figgle/web` first');
      first.push(fresh.startMs);
      if ((await stopNpmStart(fresh)) !== 0)
        throw new Error(`npm start did not exit with 0:\n${fresh.output()}`);
      const reused = await npmStart(port, dataDir);
      again.push(reused.startMs);
      await stopNpmStart(reused);
      console.log(
        `run ${run}: empty data directory ${ms(fresh.startMs)} · same data directory ${ms(reused.startMs)}`,
      );
    } finally {
      await stopAllNpmStarts();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return { first, again };
}

function report(kind: string, times: number[]): void {
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  reportFigure({
    figure: `npm start to the login page, ${kind}, median of ${RUNS} (min ${ms(sorted[0]!)}, max ${ms(sorted.at(-1)!)})`,
    target: '≤ 10,000 ms',
    measured: ms(median),
    pass: median <= START_BUDGET_MS,
  });
}

export async function runStartBench(): Promise<void> {
  const { first, again } = await timeStarts();
  report('empty data directory', first);
  report('second start on the same data directory', again);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runStartBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
