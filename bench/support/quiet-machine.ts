import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BrowserContext, Page } from 'playwright-core';

/** Busy and total CPU time of the whole machine so far (jiffies, from /proc/stat). */
function cpuTimes(): { busy: number; total: number } | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const total = fields.reduce((sum, value) => sum + value, 0);
    // idle and iowait
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

/**
 * Waits until the machine's CPUs were at least `idleShare` idle over a `windowMs` window, for at most
 * `maxWaitMs`. A cold page load measures the browser's own work; what earlier steps leave running (a
 * server collecting garbage after seeding thousands of tasks, PostgreSQL's autovacuum) would be
 * counted in it. Where /proc/stat cannot be read, it does not wait.
 */
export async function waitForQuietMachine({
  idleShare = 0.85,
  windowMs = 500,
  maxWaitMs = 20_000,
} = {}): Promise<void> {
  const started = Date.now();
  let before = cpuTimes();
  if (!before) return;
  while (Date.now() - started < maxWaitMs) {
    await sleep(windowMs);
    const after = cpuTimes();
    if (!after) return;
    const total = after.total - before.total;
    const idle = total === 0 ? 1 : 1 - (after.busy - before.busy) / total;
    if (idle >= idleShare) return;
    before = after;
  }
}

/**
 * A new tab for a timed cold load, once the machine is quiet again. Waited for after the tab is open,
 * not before: Chromium builds a new window's own interface (its address bar's pages, over a hundred
 * chrome:// files in a trace) in its first half second, which a person's open browser has long done
 * before they follow a link. Timed with it, the board's cold load read 1,540 ms; without, 950-1,040.
 */
export async function newTabOnQuietMachine(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await waitForQuietMachine();
  return page;
}
