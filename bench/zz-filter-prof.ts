/// <reference lib="dom" />
/**
 * Board filter benchmark (issue 25, "Must show"): applying a filter on a 5,000-task board, to the
 * next render. Prints figures and hands them to `npm run bench`.
 *
 *   npm run build -w @figgle/web && node --import tsx bench/board-filter.ts
 *
 * Runs the real server (`npm start`'s entry, as a child process) on a fresh embedded database and
 * seeds, through the public API, one project of 5,000 tasks over the four columns. Then, in headless
 * Chromium, on that project's board with the "Filters" popover open, each timed run applies one
 * filter and is read from the page's own clock: from just before the filter's input event (a click on
 * the "Doing" status box, or the word "review" put in the text field) until the frame after the board
 * shows the filtered columns (every column's count and the "n of 5000 tasks" line) has been painted.
 * Between runs the filter is cleared and the machine left to settle; the clearing is not timed.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { type BenchUser, signUpBenchUser } from './support/bench-user.ts';
import { withBrowserBench } from './support/browser-bench.ts';
import { waitForQuietMachine } from './support/quiet-machine.ts';
import { reportFigure } from './support/report.ts';

const TASK_COUNT = 5000;
const RUNS = 15;
const TARGET_MS = 50;
const STATUSES = ['TODO', 'DOING', 'DONE', 'ARCHIVE'] as const;
type Status = (typeof STATUSES)[number];
const SHARE: Record<Status, number> = { TODO: 0.4, DOING: 0.3, DONE: 0.2, ARCHIVE: 0.1 };
const COLUMN_LABELS: Record<Status, string> = {
  TODO: 'To Do',
  DOING: 'Doing',
  DONE: 'Done',
  ARCHIVE: 'Archive',
};
const VERBS = ['Design', 'Build', 'Review', 'Ship'];
const THINGS = ['header', 'footer', 'login form', 'billing page', 'settings'];
type Counts = Record<Status, number>;

const ms = (value: number) => `${value.toFixed(1)} ms`;

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** 5,000 tasks, 8 creations at a time; answers how many land in each column, all and with "Review". */
async function seedProject(user: BenchUser, organizationId: string) {
  const project = await json<{ project_id: string }>(
    await user.call('POST', '/api/projects', {
      name: 'Five thousand',
      trigram: 'FIV',
      organization_id: organizationId,
    }),
  );
  const statuses: Status[] = [];
  for (const status of STATUSES)
    for (let i = 0; i < Math.round(TASK_COUNT * SHARE[status]); i++) statuses.push(status);
  const all: Counts = { TODO: 0, DOING: 0, DONE: 0, ARCHIVE: 0 };
  const review: Counts = { TODO: 0, DOING: 0, DONE: 0, ARCHIVE: 0 };
  statuses.forEach((status, i) => {
    all[status]++;
    if (VERBS[i % 4] === 'Review') review[status]++;
  });
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < statuses.length) {
        const i = next++;
        await json(
          await user.call('POST', `/api/projects/${project.project_id}/tasks`, {
            title: `Task ${i + 1}: ${VERBS[i % 4]} the ${THINGS[i % 5]}`,
            status: statuses[i],
          }),
        );
      }
    }),
  );
  return { projectId: project.project_id, all, review };
}

const total = (counts: Counts) => STATUSES.reduce((sum, status) => sum + counts[status], 0);

/** What the page must show once a filter is applied: each column's count, and the "n of m" line. */
function expectation(counts: Counts, filtered: boolean) {
  return {
    columns: Object.fromEntries(STATUSES.map((status) => [COLUMN_LABELS[status], counts[status]])),
    line: filtered ? `${total(counts)} of ${TASK_COUNT} tasks` : null,
  };
}

type Expectation = ReturnType<typeof expectation>;

/**
 * Applies a filter in the page and answers the ms from just before its input event to the end of
 * the first frame painted with the filtered board. Everything runs in the page: the bench's own round
 * trips to the browser are not counted.
 */
function timeApply(page: Page, how: 'status' | 'text', expected: Expectation): Promise<number> {
  return page.evaluate(
    async ({ how, expected }) => {
      // No named functions in here: the bench's TypeScript loader would wrap them in a helper the
      // page does not have.
      const start = performance.now();
      if (how === 'status') {
        const box = [...document.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].find(
          (input) => input.labels?.[0]?.textContent === 'Doing',
        );
        if (!box) throw new Error('no "Doing" box in the filters');
        box.click();
      } else {
        const field = [...document.querySelectorAll<HTMLInputElement>('input')].find(
          (input) => input.labels?.[0]?.textContent === 'Text',
        );
        if (!field) throw new Error('no "Text" field in the filters');
        // As typing does: React reads the value the browser's own setter put there.
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, 'review');
        field.dispatchEvent(new Event('input', { bubbles: true }));
      }
      const deadline = start + 10_000;
      for (;;) {
        // A frame's callbacks run before its paint; the task posted from one runs after that paint.
        const painted = await new Promise<boolean>((resolve) =>
          requestAnimationFrame(() => {
            // Inline, not a helper function: see above.
            const line =
              [...document.querySelectorAll('[role="status"]')]
                .map((element) => element.textContent ?? '')
                .find((text) => / of \d+ tasks$/.test(text)) ?? null;
            const done =
              line === expected.line &&
              Object.entries(expected.columns).every(([label, count]) =>
                [...document.querySelectorAll('section')].some(
                  (section) =>
                    section.querySelector('h2')?.textContent === label &&
                    section.querySelector(`[aria-label="${count} tasks"]`) !== null,
                ),
              );
            const channel = new MessageChannel();
            channel.port1.addEventListener('message', () => resolve(done));
            channel.port1.start();
            channel.port2.postMessage(null);
          }),
        );
        if (painted) return performance.now() - start;
        if (performance.now() > deadline)
          throw new Error(`the filtered board did not show: ${JSON.stringify(expected)}`);
      }
    },
    { how, expected },
  );
}

/** Clears the filters with "Clear filters" and waits until the whole board shows again. */
async function clearFilters(page: Page, expected: Expectation) {
  await page.getByRole('button', { name: 'Clear filters' }).evaluate((button: HTMLElement) => button.click());
  await page.waitForFunction(
    (expected) =>
      ![...document.querySelectorAll('[role="status"]')].some((element) =>
        / of \d+ tasks$/.test(element.textContent ?? ''),
      ) &&
      Object.entries(expected.columns).every(([label, count]) =>
        [...document.querySelectorAll('section')].some(
          (section) =>
            section.querySelector('h2')?.textContent === label &&
            section.querySelector(`[aria-label="${count} tasks"]`) !== null,
        ),
      ),
    expected,
    { polling: 'raf', timeout: 30_000 },
  );
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function runBoardFilterBench(): Promise<void> {
  await withBrowserBench(async ({ browser, server, mail }) => {
    const user = await signUpBenchUser(server.url, mail, {
      label: 'board-filter',
      firstname: 'Filter',
      lastname: 'Bench',
    });
    const organization = await json<{ organization_id: string }>(
      await user.call('POST', '/api/organizations', { name: 'Bench' }),
    );
    const seedStart = performance.now();
    const { projectId, all, review } = await seedProject(user, organization.organization_id);
    console.log(
      `seeded ${TASK_COUNT.toLocaleString('en')} tasks through the API in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );

    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
    const signIn = await context.request.post('/api/auth/sign-in/email', {
      headers: { origin: server.url },
      data: { email: user.email, password: user.password },
    });
    if (!signIn.ok()) throw new Error(`browser sign-in failed: ${signIn.status()}`);
    const page = await context.newPage();
    await page.goto(`/project/${projectId}/kanban`);
    const whole = expectation(all, false);
    await page.waitForFunction(
      (expected) =>
        Object.entries(expected.columns).every(([label, count]) =>
          [...document.querySelectorAll('section')].some(
            (section) =>
              section.querySelector('h2')?.textContent === label &&
              section.querySelector(`[aria-label="${count} tasks"]`) !== null &&
              section.querySelector('article') !== null,
          ),
        ),
      whole,
      { polling: 'raf', timeout: 60_000 },
    );
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByRole('checkbox', { name: 'Doing' }).waitFor();

    const onlyDoing: Counts = { TODO: 0, DOING: all.DOING, DONE: 0, ARCHIVE: 0 };
    const cases = [
      { name: 'status "Doing"', how: 'status' as const, expected: expectation(onlyDoing, true) },
      { name: 'text "review"', how: 'text' as const, expected: expectation(review, true) },
    ];
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
    for (const { name, how, expected } of cases) {
      await timeApply(page, how, expected);
      await clearFilters(page, whole);
      const times = [];
      for (let run = 0; run < 4; run++) {
        await waitForQuietMachine();
        await page.evaluate(() => {
          const counts: Record<string, number> = {};
          (window as any).__counts = counts;
          (window as any).__obs = new MutationObserver((records) => {
            for (const r of records) {
              const k = r.type === 'attributes' ? `${r.type}:${r.attributeName}:${(r.target as Element).tagName}` : r.type;
              counts[k] = (counts[k] ?? 0) + (r.type === 'childList' ? r.addedNodes.length : 1);
            }
          });
          (window as any).__obs.observe(document.body, { subtree: true, attributes: true, childList: true });
        });
        await cdp.send('Profiler.start');
        times.push(await timeApply(page, how, expected));
        console.log(JSON.stringify(await page.evaluate(() => { (window as any).__obs.disconnect(); return (window as any).__counts; })));
        const { profile } = await cdp.send('Profiler.stop');
        (await import('node:fs')).writeFileSync(`/tmp/prof-${how}-${run}.cpuprofile`, JSON.stringify(profile));
        await clearFilters(page, whole);
      }
      console.log(name, times.map((t) => t.toFixed(1)).join(' '));
    }
    await context.close();
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runBoardFilterBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
