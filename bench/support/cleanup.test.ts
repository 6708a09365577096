import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const probe = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/cleanup-probe.ts');
const dir = mkdtempSync(path.join(os.tmpdir(), 'figgle-bench-cleanup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the probe as a real process; `signal` is sent once it printed "ready". */
async function runProbe(mode: string, signal?: NodeJS.Signals) {
  const journal = path.join(dir, `${mode}-${signal ?? 'none'}.log`);
  const child = spawn(process.execPath, ['--import', 'tsx', probe, journal, mode], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdout.on('data', (chunk: Buffer) => {
    if (signal && chunk.toString().includes('ready')) child.kill(signal);
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, stderr, undone: readFileSync(journal, 'utf8').trim().split('\n') };
}

const everyStepNewestFirst = ['last set up, undone first', 'first set up, undone last'];

describe('runBench', { timeout: 30_000 }, () => {
  it('undoes every step, newest first, when the benchmark finishes', async () => {
    const run = await runProbe('finish');
    expect(run.code).toBe(0);
    expect(run.undone).toEqual(everyStepNewestFirst);
    expect(run.stderr).toContain('this step fails');
  });

  it('undoes every step and exits 1 when the benchmark throws', async () => {
    const run = await runProbe('throw');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('the benchmark failed');
    expect(run.undone).toEqual(everyStepNewestFirst);
  });

  it('undoes every step before exiting on SIGINT (130) and SIGTERM (143)', async () => {
    const interrupted = await runProbe('wait', 'SIGINT');
    expect(interrupted.code).toBe(130);
    expect(interrupted.undone).toEqual(everyStepNewestFirst);
    const terminated = await runProbe('wait', 'SIGTERM');
    expect(terminated.code).toBe(143);
    expect(terminated.undone).toEqual(everyStepNewestFirst);
  });
});
