/**
 * Timeline benchmark (issue 44, "Must show"): a timeline of 1,000 tasks with 300 dependencies, grouped
 * by milestone, painted cold in Chromium. Prints figures and hands them to `npm run bench`.
 *
 *   npm run build -w @figgle/web && node --import tsx bench/timeline.ts
 *
 * Runs the real server (`npm start`'s entry, as a child process) on a fresh embedded database and
 * seeds, through the public API, one project of 1,000 tasks over the next six months (start and due
 * day, 2 to 10 days long), spread over 10 milestones, with 300 "blocks" relations between them. Then
 * each timed run opens a new browser context (no cache, no stored query copy) on
 * /project/:id/timeline?group=milestone and reads the page's own clock: from the navigation's start
 * until the frame after all 1,000 bars and 300 arrows are in the page has been painted. Rows out
 * of sight are in the page but skipped by the browser's rendering (`content-visibility: auto`), as
 * they would be for a person: what the frame paints is what the screen shows.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { type BenchUser, signUpBenchUser } from './support/bench-user.ts';
import { withBrowserBench } from './support/browser-bench.ts';
import { waitForQuietMachine } from './support/quiet-machine.ts';
import { reportFigure } from './support/report.ts';

const TASK_COUNT = 1000;
const DEPENDENCY_COUNT = 300;
const MILESTONE_COUNT = 10;
const RUNS = 5;
const TARGET_MS = 800;
const CONCURRENCY = 8;

const ms = (value: number) => `${value.toFixed(0)} ms`;

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return (response.status === 204 ? null : await response.json()) as T;
}

function dayFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Runs `work(i)` for i in 0…count-1, CONCURRENCY at a time. */
async function inParallel(count: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

async function seedProject(user: BenchUser, organizationId: string): Promise<string> {
  const project = await json<{ project_id: string }>(
    await user.call('POST', '/api/projects', {
      name: 'A long plan',
      trigram: 'PLN',
      organization_id: organizationId,
    }),
  );
  const projectId = project.project_id;
  const milestones: string[] = [];
  for (let m = 0; m < MILESTONE_COUNT; m++) {
    const milestone = await json<{ milestone_id: string }>(
      await user.call('POST', `/api/projects/${projectId}/milestones`, {
        name: `Release ${m + 1}`,
        target_date: dayFromToday(18 * (m + 1)),
      }),
    );
    milestones.push(milestone.milestone_id);
  }
  const tasks: string[] = new Array(TASK_COUNT);
  await inParallel(TASK_COUNT, async (i) => {
    const start = (i * 7) % 180;
    const length = 2 + (i % 9);
    const task = await json<{ task_id: string }>(
      await user.call('POST', `/api/projects/${projectId}/tasks`, {
        title: `Task ${i + 1}: ${['design', 'build', 'review', 'ship'][i % 4]} part ${i + 1}`,
        due_on: dayFromToday(start + length - 1),
      }),
    );
    tasks[i] = task.task_id;
    await json(await user.call('PATCH', `/api/tasks/${task.task_id}`, { start_date: dayFromToday(start) }));
    await json(
      await user.call('PUT', `/api/tasks/${task.task_id}/milestone`, {
        milestone_id: milestones[i % MILESTONE_COUNT],
      }),
    );
  });
  // Task 3k blocks task 3k+1: 300 pairs, no chain, no loop.
  await inParallel(DEPENDENCY_COUNT, async (k) => {
    await json(
      await user.call('POST', `/api/tasks/${tasks[3 * k]}/relations`, {
        side: 'blocks',
        task_id: tasks[3 * k + 1],
      }),
    );
  });
  return projectId;
}

// Plain script text, so the bench's TypeScript loader does not wrap it in helpers the page lacks. From
// the first frame, each frame checks the page; once every bar and arrow is there, the time of the
// task posted after that frame's paint is kept.
const PAINT_PROBE = `
  window.__timelinePainted = null;
  const probe = () => requestAnimationFrame(() => {
    const bars = document.querySelectorAll('[data-timeline-bar]').length;
    const arrows = document.querySelectorAll('path[data-from]').length;
    if (bars === ${TASK_COUNT} && arrows === ${DEPENDENCY_COUNT}) {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { window.__timelinePainted = performance.now(); };
      channel.port2.postMessage(null);
    } else probe();
  });
  probe();
`;

/** One cold paint: a new context, the timeline's address, the page's clock from navigation start. */
async function paintCold(
  browser: Browser,
  baseURL: string,
  user: BenchUser,
  projectId: string,
): Promise<number> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  try {
    const signIn = await context.request.post('/api/auth/sign-in/email', {
      headers: { origin: baseURL },
      data: { email: user.email, password: user.password },
    });
    if (!signIn.ok()) throw new Error(`browser sign-in failed: ${signIn.status()}`);
    const page = await context.newPage();
    await page.addInitScript({ content: PAINT_PROBE });
    await page.goto(`/project/${projectId}/timeline?group=milestone`);
    const handle = await page.waitForFunction(
      () => (window as unknown as { __timelinePainted: number | null }).__timelinePainted,
      undefined,
      { timeout: 60_000 },
    );
    const painted = (await handle.jsonValue()) as number;
    // Where the time went: when the timeline's answer was asked for and had arrived.
    const answer = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => /\/timeline(\?|$)/.test(entry.name))
        .map((entry) => [entry.startTime, (entry as PerformanceResourceTiming).responseEnd]),
    );
    const [asked, arrived] = answer[0] ?? [Number.NaN, Number.NaN];
    console.log(
      `  painted ${ms(painted)}; the timeline's answer asked at ${ms(asked!)}, arrived at ${ms(arrived!)}`,
    );
    return painted;
  } finally {
    await context.close();
  }
}

export async function runTimelineBench(): Promise<void> {
  await withBrowserBench(async ({ browser, server, mail }) => {
    const user = await signUpBenchUser(server.url, mail, {
      label: 'timeline',
      firstname: 'Timeline',
      lastname: 'Bench',
    });
    const organization = await json<{ organization_id: string }>(
      await user.call('POST', '/api/organizations', { name: 'Bench' }),
    );
    const seedStart = performance.now();
    const projectId = await seedProject(user, organization.organization_id);
    console.log(
      `seeded ${TASK_COUNT.toLocaleString('en')} tasks in ${MILESTONE_COUNT} milestones with ${DEPENDENCY_COUNT} dependencies through the API in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );

    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      await waitForQuietMachine();
      times.push(await paintCold(browser, server.url, user, projectId));
    }
    const sorted = [...times].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    console.log(
      `timeline of ${TASK_COUNT.toLocaleString('en')} tasks, ${DEPENDENCY_COUNT} arrows, by milestone, navigation start to painted, cold (${RUNS} runs): ${times.map(ms).join(', ')} · min ${ms(sorted[0]!)} · median ${ms(median)} · max ${ms(sorted.at(-1)!)} · target ≤ ${TARGET_MS} ms`,
    );
    reportFigure({
      figure: `timeline, ${TASK_COUNT.toLocaleString('en')} tasks and ${DEPENDENCY_COUNT} dependencies by milestone, painted cold, median of ${RUNS} (min ${ms(sorted[0]!)}, max ${ms(sorted.at(-1)!)})`,
      target: `≤ ${TARGET_MS} ms`,
      measured: ms(median),
      pass: median <= TARGET_MS,
    });
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runTimelineBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
