/// <reference lib="dom" />
/**
 * Task page benchmark (issue 42, "Must show": a task page with 100 sub-tasks and 50 relations painted
 * in ≤ 300 ms). Prints figures and hands them to `npm run bench`.
 *
 *   npm run build -w @figgle/web && node --import tsx bench/subtasks.ts
 *
 * Runs the real server (`npm start`'s entry, as a child process) on a fresh embedded database and
 * seeds, through the public API, one user, one organization and two projects: a parent task with 100
 * sub-tasks (70 in its project, 30 in the other; mixed statuses, assignees and due dates) and 50
 * relations of every kind to 50 other tasks of both projects. Then, in headless Chromium:
 *
 * - Cold: a new browser context per load (empty cache, no service worker), /task/:id opened, timed
 *   from the navigation's start (the page's time origin) until the end of the first frame painted
 *   with the 100 sub-task rows and the 50 relation rows in the page. Read from the page's own clock:
 *   checked in each frame's callbacks, and the task posted from that frame runs after its paint.
 * - Warm: one context, the page opened once untimed (code in the HTTP cache, service worker in
 *   place), then opened again and again, timed the same way.
 * - Opened from the app, the figure the target is judged on (how a person opens a task): the
 *   project's board loaded, a click on the parent's title on its card, timed from the click to the
 *   same painted frame (the code is cached, the parent's data is not).
 *
 * - Live: B's board of the project open in a context of its own, A adds a sub-task to a card's task,
 *   then makes another card's task blocked, through the API: from the request sent to the frame in
 *   which B's card shows it (target ≤ 1 s, issue 42).
 *
 * To say where the time goes it also prints the server's answer times for the page's two calls
 * (GET /api/tasks/:id and /structure, 20 each on loopback after warm-ups), the median steps of the
 * cold and warm loads (each request's start and end, first paint, rows in the DOM, painted), the
 * long tasks between the structure's arrival and the paint, and the same page for a task without
 * sub-tasks or relations, whose difference is what the 100 rows and 50 relations cost.
 *
 * To look into the click alone: `SUBTASKS_ONLY=board` runs only the clicks on the board (and a click
 * on a task without sub-tasks or relations, on a board of its own), and `SUBTASKS_PROFILE=<folder>`
 * writes a CPU profile of each timed click there (`click-<n>.cpuprofile`, for Chromium's DevTools;
 * profiled clicks are slower, read them for shares, not figures). `SUBTASKS_TRACE=<folder>` writes a
 * Chromium trace of each timed click there (`click-<n>.json`) and prints the page's main-thread CPU
 * time per click (median, and by kind: script, style, layout, paint): on a busy machine the clicks'
 * wall times grow with the waits for a core, their CPU time much less, so two builds can be compared.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type BenchUser, signUpBenchUser } from './support/bench-user.ts';
import { withBrowserBench } from './support/browser-bench.ts';
import { formatColdLoadSteps } from './support/cold-load-steps.ts';
import { newTabOnQuietMachine, waitForQuietMachine } from './support/quiet-machine.ts';
import { type RendererCpu, rendererCpuOfTrace } from './support/renderer-cpu.ts';
import { reportFigure } from './support/report.ts';

const SUBTASKS_HERE = 70;
const SUBTASKS_ELSEWHERE = 30;
const SUBTASK_COUNT = SUBTASKS_HERE + SUBTASKS_ELSEWHERE;
/** The 50 relations by kind, as the parent reads them (its page lists them under these labels). */
const RELATION_KINDS = [
  { side: 'blocked_by', label: 'Is blocked by', count: 15 },
  { side: 'blocks', label: 'Blocks', count: 12 },
  { side: 'relates', label: 'Relates to', count: 13 },
  { side: 'duplicates', label: 'Duplicates', count: 5 },
  { side: 'duplicated_by', label: 'Is duplicated by', count: 5 },
] as const;
const RELATION_COUNT = RELATION_KINDS.reduce((sum, kind) => sum + kind.count, 0);
/** The parent's title, as its card on the board shows it. */
const PARENT_TITLE = 'Checkout redesign: the release';
/** The one task on a board of its own, without sub-tasks or relations. */
const PLAIN_TITLE = 'Quiet task without sub-tasks';
const COLD_RUNS = 5;
const WARM_RUNS = 11;
const FROM_BOARD_RUNS = 11;
const PLAIN_FROM_BOARD_RUNS = 5;
const SERVER_CALLS = 20;
const TARGET_MS = 300;
const LIVE_RUNS = 10;
/** Issue 42: "B sees A's new sub-task and blocked mark on the board within 1 s". */
const LIVE_TARGET_MS = 1_000;
/** `board`: only the clicks on the board (SUBTASKS_ONLY, see above). */
const ONLY = process.env.SUBTASKS_ONLY;
/** Where CPU profiles of the clicks go, when given (SUBTASKS_PROFILE). */
const PROFILE_DIR = process.env.SUBTASKS_PROFILE;
/** Where Chromium traces of the clicks go, when given (SUBTASKS_TRACE): style, layout and paint too. */
const TRACE_DIR = process.env.SUBTASKS_TRACE;

const ms = (value: number) => `${value.toFixed(0)} ms`;
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
/** The value at p % of the sorted values (nearest rank). */
const percentile = (values: number[], p: number) => {
  const list = sorted(values);
  return list[Math.min(list.length - 1, Math.max(0, Math.ceil((p / 100) * list.length) - 1))]!;
};
const median = (values: number[]) => sorted(values)[Math.floor(values.length / 2)]!;

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const VERBS = ['Design', 'Build', 'Review', 'Fix', 'Test', 'Write', 'Polish', 'Plan', 'Measure', 'Ship'];
const THINGS = [
  'checkout form',
  'payment step',
  'order summary',
  'address lookup',
  'coupon field',
  'receipt email',
  'error states',
  'loading skeleton',
  'mobile layout',
  'analytics events',
];
const STATUSES = ['TODO', 'DOING', 'DONE', 'TODO', 'DOING', 'ARCHIVE', 'TODO', 'DONE'] as const;

interface Seeded {
  /** The project of the parent (WEB). */
  projectId: string;
  organizationId: string;
  parentId: string;
  /** A task without sub-tasks or relations. */
  plainId: string;
  /** A project whose board has one card, a task without sub-tasks or relations (PLAIN_TITLE). */
  plainProjectId: string;
}

/** Runs `work(i)` for i in 0..count-1, `width` at a time. */
async function inParallel(count: number, width: number, work: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

async function seed(user: BenchUser): Promise<Seeded> {
  const organization = await json<{ organization_id: string }>(
    await user.call('POST', '/api/organizations', { name: 'Release planning' }),
  );
  const [members, here, elsewhere] = await Promise.all([
    user
      .call('GET', `/api/organizations/${organization.organization_id}/members`)
      .then((response) => json<{ user_id: string }[]>(response)),
    ...[
      { name: 'Checkout redesign', trigram: 'WEB' },
      { name: 'Payments platform', trigram: 'PAY' },
    ].map(async (project) =>
      json<{ project_id: string }>(
        await user.call('POST', '/api/projects', {
          ...project,
          organization_id: organization.organization_id,
        }),
      ),
    ),
  ]);
  const me = members![0]!.user_id;
  const projects = [here!.project_id, elsewhere!.project_id];
  const create = async (projectId: string, body: Record<string, unknown>) =>
    json<{ task_id: string }>(await user.call('POST', `/api/projects/${projectId}/tasks`, body));

  const parent = await create(projects[0]!, {
    title: PARENT_TITLE,
    description: 'Seeded by the sub-tasks benchmark: the parent of 100 sub-tasks with 50 relations.',
    assignee_id: me,
  });
  const today = new Date();
  await inParallel(SUBTASK_COUNT, 8, async (i) => {
    const day = new Date(today.getFullYear(), today.getMonth(), today.getDate() + (i % 40) - 10);
    const dueOn = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
    await create(projects[i < SUBTASKS_HERE ? 0 : 1]!, {
      title: `${VERBS[i % VERBS.length]} the ${THINGS[(i * 3) % THINGS.length]} (${i + 1})`,
      status: STATUSES[i % STATUSES.length],
      assignee_id: i % 2 === 0 ? me : null,
      due_on: i % 5 < 3 ? dueOn : null,
      parent_id: parent.task_id,
    });
  });
  const others: string[] = [];
  await inParallel(RELATION_COUNT + 1, 8, async (i) => {
    const task = await create(projects[i % 5 === 4 ? 1 : 0]!, {
      title: `${VERBS[(i * 7) % VERBS.length]} the ${THINGS[i % THINGS.length]}, related (${i + 1})`,
      status: STATUSES[(i * 3) % STATUSES.length],
    });
    others[i] = task.task_id;
  });
  const sides = RELATION_KINDS.flatMap((kind) => Array.from({ length: kind.count }, () => kind.side));
  await inParallel(RELATION_COUNT, 4, async (i) => {
    await json(
      await user.call('POST', `/api/tasks/${parent.task_id}/relations`, {
        side: sides[i],
        task_id: others[i],
      }),
    );
  });
  // A board of its own with one task without sub-tasks or relations: the page's frame, clicked alone.
  const quiet = await json<{ project_id: string }>(
    await user.call('POST', '/api/projects', {
      name: 'Quiet corner',
      trigram: 'QCO',
      organization_id: organization.organization_id,
    }),
  );
  await create(quiet.project_id, { title: PLAIN_TITLE, assignee_id: me });
  return {
    projectId: projects[0]!,
    organizationId: organization.organization_id,
    parentId: parent.task_id,
    plainId: others[RELATION_COUNT]!,
    plainProjectId: quiet.project_id,
  };
}

/** GET `pathname` after 2 warm-ups, SERVER_CALLS times on loopback, the body read in full. */
async function serverTimes(user: BenchUser, pathname: string) {
  const times: number[] = [];
  let first = 0;
  let bytes = 0;
  for (let i = 0; i < SERVER_CALLS + 2; i++) {
    const start = performance.now();
    const response = await user.call('GET', pathname);
    const body = await response.arrayBuffer();
    const elapsed = performance.now() - start;
    if (!response.ok) throw new Error(`GET ${pathname}: ${response.status}`);
    if (i === 0) first = elapsed;
    else if (i >= 2) times.push(elapsed);
    bytes = body.byteLength;
  }
  return { first, median: median(times), p90: percentile(times, 90), max: sorted(times).at(-1)!, bytes };
}

async function signedInContext(browser: Browser, baseURL: string, user: BenchUser) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const signIn = await context.request.post('/api/auth/sign-in/email', {
    headers: { origin: baseURL },
    data: { email: user.email, password: user.password },
  });
  if (!signIn.ok()) throw new Error(`browser sign-in failed: ${signIn.status()}`);
  // Long tasks are kept from the page's start, for the breakdown (a PerformanceObserver set later
  // would only see them buffered, and Chromium buffers few).
  await context.addInitScript(() => {
    const kept: { start: number; duration: number }[] = [];
    (window as unknown as { figgleLongTasks?: typeof kept }).figgleLongTasks = kept;
    try {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          kept.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });
    } catch {
      // No long task timing in this browser: the breakdown goes without.
    }
  });
  return context;
}

/** What the page should show: how many sub-task rows, and relation rows per list label. */
interface Expected {
  subtasks: number;
  relations: Record<string, number>;
  /** For a task without either: part of its title, which shows the page is drawn. */
  title?: string;
}

interface Painted {
  /** The first frame with every row in the DOM (its callbacks' time), from the clock's start. */
  rowsAt: number;
  /** The end of that frame's paint. */
  paintedAt: number;
}

/**
 * Waits in the page for the first frame in which the expected rows are in the DOM and answers when
 * that frame began and when it was painted, on the page's clock (ms after its navigation started),
 * or after `since` when it is given (a stamp of the page's clock). Everything runs in the page: the
 * bench's own round trips to the browser are not counted.
 */
function waitForPainted(page: Page, expected: Expected, since?: number): Promise<Painted> {
  return page.evaluate(
    async ({ expected, since }) => {
      // No named functions in here: the bench's TypeScript loader would wrap them in a helper the page
      // does not have.
      const deadline = performance.now() + 30_000;
      for (;;) {
        const painted = await new Promise<Painted | null>((resolve) =>
          requestAnimationFrame((frameStart) => {
            let done = true;
            if (expected.title !== undefined) {
              // A task without rows: its title shown, and its (empty) structure received.
              const title = document.querySelector<HTMLTextAreaElement>('textarea[aria-label="Title"]');
              if (!title?.value.includes(expected.title)) done = false;
              if (
                !performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('/structure'))
              )
                done = false;
            } else {
              const rows = document.querySelectorAll('ul[aria-label="Sub-tasks"] > li').length;
              if (rows !== expected.subtasks) done = false;
              for (const [label, count] of Object.entries(expected.relations))
                if (document.querySelectorAll(`ul[aria-label="${label}"] > li`).length !== count)
                  done = false;
            }
            if (!done) return resolve(null);
            // A frame's callbacks run before its paint; the task posted from one runs after that paint.
            const channel = new MessageChannel();
            channel.port1.onmessage = () =>
              resolve({ rowsAt: frameStart - (since ?? 0), paintedAt: performance.now() - (since ?? 0) });
            channel.port2.postMessage(null);
          }),
        );
        if (painted) return painted;
        if (performance.now() > deadline)
          throw new Error(`the page did not show ${JSON.stringify(expected)}`);
      }
    },
    { expected, since },
  );
}

type Steps = Record<string, number>;

/**
 * The steps of the load that just ended, ms after the navigation started: HTML, entry script, the
 * task page's code, each API call's start and end, first paint, the long tasks after the structure
 * arrived. Call once the page is painted.
 */
interface LongTask {
  start: number;
  duration: number;
}

function readSteps(
  page: Page,
  taskId: string,
  painted: Painted,
): Promise<{ steps: Steps; longTasks: LongTask[] }> {
  return page.evaluate(
    ({ taskId, painted }) => {
      const steps: Record<string, number> = {};
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      if (navigation) {
        steps['HTML received'] = navigation.responseEnd;
        steps['DOMContentLoaded (entry script run)'] = navigation.domContentLoadedEventEnd;
      }
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const find = [
        ['entry script', /^\/assets\/index-[^/]+\.js$/],
        ['task page script', /^\/assets\/task-route-[^/]+\.js$/],
        ['GET /api/tasks/:id', new RegExp(`^/api/tasks/${taskId}$`)],
        ['GET /api/tasks/:id/structure', new RegExp(`^/api/tasks/${taskId}/structure$`)],
        ['GET members', /^\/api\/organizations\/[^/]+\/members$/],
      ] as const;
      for (const [label, pattern] of find) {
        const entry = resources.find((resource) => pattern.test(new URL(resource.name).pathname));
        if (!entry) continue;
        if (label.startsWith('GET')) steps[`${label} sent`] = entry.requestStart || entry.startTime;
        steps[`${label} received`] = entry.responseEnd;
      }
      for (const paint of performance.getEntriesByType('paint')) steps[paint.name] = paint.startTime;
      steps['rows in the DOM (frame start)'] = painted.rowsAt;
      const structureAt = steps['GET /api/tasks/:id/structure received'] ?? 0;
      const longTasks = (
        (window as unknown as { figgleLongTasks?: { start: number; duration: number }[] }).figgleLongTasks ??
        []
      ).filter((task) => task.start + task.duration > structureAt && task.start < painted.paintedAt);
      return {
        steps,
        longTasks: longTasks.map((task) => ({
          start: task.start,
          duration: task.duration,
        })),
      };
    },
    { taskId, painted },
  );
}

interface Run {
  painted: Painted;
  steps: Steps;
  /** The page's long tasks (over 50 ms) between the structure's arrival and the paint. */
  longTasks: LongTask[];
}

async function openTimed(page: Page, taskId: string, expected: Expected): Promise<Run> {
  await page.goto(`/task/${taskId}`, { waitUntil: 'commit' });
  // The page's own deadline needs its frames to run: this one does not.
  const painted = await Promise.race([
    waitForPainted(page, expected),
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('no answer from the page in 45 s')), 45_000).unref(),
    ),
  ]).catch(async (error: unknown) => {
    const shot = path.join(os.tmpdir(), 'figgle-subtasks-bench-failure.png');
    await page.screenshot({ path: shot }).catch(() => {});
    throw new Error(`the task page did not show its rows (screenshot: ${shot}): ${String(error)}`);
  });
  return { painted, ...(await readSteps(page, taskId, painted)) };
}

async function coldRuns(
  browser: Browser,
  baseURL: string,
  user: BenchUser,
  taskId: string,
  expected: Expected,
) {
  const runs: Run[] = [];
  for (let run = 0; run < COLD_RUNS; run++) {
    // Each cold run starts on an idle machine, not in what seeding left running.
    const context = await signedInContext(browser, baseURL, user);
    const page = await newTabOnQuietMachine(context);
    runs.push(await openTimed(page, taskId, expected));
    await context.close();
  }
  return runs;
}

async function warmRuns(context: BrowserContext, taskId: string, expected: Expected) {
  const page = await context.newPage();
  // Untimed: the code lands in the HTTP cache and the service worker takes its place.
  await openTimed(page, taskId, expected);
  await page.waitForLoadState('networkidle');
  const runs: Run[] = [];
  for (let run = 0; run < WARM_RUNS; run++) {
    await waitForQuietMachine();
    runs.push(await openTimed(page, taskId, expected));
  }
  await page.close();
  return runs;
}

/**
 * Opened as a person opens a task (issue 42's figure): the project's board loaded in the tab, a click
 * on the parent's title on its card, timed from the click to the parent's rows painted. The app's
 * code is cached (the context opened the page before); the parent's data is not: the device's
 * offline copy (IndexedDB), which would hold it from the run before, is emptied before each run,
 * with the tab on a blank page.
 */
async function fromBoardRuns(
  context: BrowserContext,
  origin: string,
  projectId: string,
  title: string,
  expected: Expected,
  count = FROM_BOARD_RUNS,
  profileName = 'click',
) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (PROFILE_DIR) {
    mkdirSync(PROFILE_DIR, { recursive: true });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  }
  const runs: Painted[] = [];
  const traced: RendererCpu[] = [];
  for (let run = 0; run <= count; run++) {
    await page.goto('about:blank');
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'indexeddb' });
    await page.goto(`/project/${projectId}/kanban`);
    const link = page.getByRole('article', { name: title }).getByRole('link', { name: title });
    await link.waitFor();
    await page.waitForLoadState('networkidle');
    await waitForQuietMachine();
    // The clock starts in the page, at the click's event; the click goes through the input pipeline.
    await page.evaluate(() => {
      const probe = window as unknown as { figgleClickedAt?: number };
      probe.figgleClickedAt = 0;
      document.addEventListener(
        'click',
        (event) => {
          probe.figgleClickedAt = event.timeStamp;
        },
        { once: true, capture: true },
      );
    });
    const box = (await link.boundingBox())!;
    if (PROFILE_DIR && run > 0) await cdp.send('Profiler.start');
    if (TRACE_DIR && run > 0) {
      mkdirSync(TRACE_DIR, { recursive: true });
      await context.browser()!.startTracing(page, {
        path: path.join(TRACE_DIR, `${profileName}-${run}.json`),
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing'],
      });
    }
    await page.mouse.click(box.x + Math.min(20, box.width / 2), box.y + box.height / 2);
    const clickedAt = (await page.evaluate(
      () => (window as unknown as { figgleClickedAt?: number }).figgleClickedAt,
    ))!;
    const painted = await waitForPainted(page, expected, clickedAt);
    if (TRACE_DIR && run > 0) {
      await context.browser()!.stopTracing();
      traced.push(rendererCpuOfTrace(path.join(TRACE_DIR, `${profileName}-${run}.json`)));
    }
    if (PROFILE_DIR && run > 0) {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(path.join(PROFILE_DIR, `${profileName}-${run}.cpuprofile`), JSON.stringify(profile));
    }
    // The first run loads the task page's code into the tab: not counted.
    if (run > 0) runs.push(painted);
  }
  await page.close();
  if (traced.length > 0) printRendererCpu(profileName, traced);
  return runs;
}

/** The traced clicks' main-thread CPU time: median of the total and of each kind. */
function printRendererCpu(name: string, traced: RendererCpu[]) {
  const kinds = Object.keys(traced[0]!.byKind) as (keyof RendererCpu['byKind'])[];
  console.log(
    `${name}: the page's main-thread CPU after the click (${traced.length} traced runs), median ${ms(
      median(traced.map((run) => run.totalMs)),
    )} · ${kinds.map((kind) => `${kind} ${ms(median(traced.map((run) => run.byKind[kind])))}`).join(' · ')}`,
  );
}

/**
 * Resolves with the page's wall clock (Date.now(), the same clock as the bench's) at the first frame
 * in which `selector` matches. The selector names a card's mark, so the time is when B could see it.
 */
function seenAt(page: Page, selector: string): Promise<number> {
  return page.evaluate(async (selector) => {
    const deadline = performance.now() + 30_000;
    for (;;) {
      const at = await new Promise<number | null>((resolve) =>
        requestAnimationFrame(() => resolve(document.querySelector(selector) ? Date.now() : null)),
      );
      if (at !== null) return at;
      if (performance.now() > deadline) throw new Error(`the board never showed ${selector}`);
    }
  }, selector);
}

/**
 * Live (issue 42): B has a new project’s board open in a browser context of its own (a second session
 * of the seeded user); A, through the API,
 * adds a sub-task to one card's task and makes another card's task blocked. Timed from just before
 * A's request leaves to the frame in which B's card shows "0 of 1 sub-task done" and "Blocked".
 */
async function liveRuns(browser: Browser, baseURL: string, user: BenchUser, organizationId: string) {
  const context = await signedInContext(browser, baseURL, user);
  const page = await context.newPage();
  let projectId = '';
  const create = async (body: Record<string, unknown>) =>
    json<{ task_id: string }>(await user.call('POST', `/api/projects/${projectId}/tasks`, body));
  const card = (title: string) => `article[aria-label$=" ${title}"]`;
  const subtask: number[] = [];
  const blocked: number[] = [];
  for (let run = 0; run < LIVE_RUNS; run++) {
    // Each run on a board of its own, opened before the timed part: a column draws only the cards
    // in view (it is virtualized), so a card added at the end of a full column is never drawn.
    projectId = (
      await json<{ project_id: string }>(
        await user.call('POST', '/api/projects', {
          name: `Live board ${run + 1}`,
          trigram: 'LIV',
          organization_id: organizationId,
        }),
      )
    ).project_id;
    await page.goto(`/project/${projectId}/kanban`);
    const parentTitle = `Live parent ${run + 1}`;
    const blockedTitle = `Live blocked ${run + 1}`;
    const parent = await create({ title: parentTitle });
    const waiting = await create({ title: blockedTitle });
    const blocker = await create({ title: `Live blocker ${run + 1}` });
    await seenAt(page, card(blockedTitle));
    await waitForQuietMachine();

    const progress = seenAt(page, `${card(parentTitle)} [aria-label="0 of 1 sub-task done"]`);
    const sentAt = Date.now();
    await create({ title: `Live piece ${run + 1}`, parent_id: parent.task_id });
    subtask.push((await progress) - sentAt);

    const mark = seenAt(page, `${card(blockedTitle)} [aria-label^="Blocked by"]`);
    const relatedAt = Date.now();
    await json(
      await user.call('POST', `/api/tasks/${blocker.task_id}/relations`, {
        side: 'blocks',
        task_id: waiting.task_id,
      }),
    );
    blocked.push((await mark) - relatedAt);
  }
  await context.close();
  return { subtask, blocked };
}

function summary(name: string, values: number[]) {
  return `${name} (${values.length} runs): ${values.map(ms).join(', ')} · median ${ms(median(values))} · p90 ${ms(percentile(values, 90))} · max ${ms(sorted(values).at(-1)!)}`;
}

/** The clicks' steps: the parent's rows in the DOM, and the task without rows painted. */
function printFromBoard(fromBoard: Painted[], plainFromBoard: Painted[]) {
  if (ONLY === 'board')
    console.log(
      `task page with ${SUBTASK_COUNT} sub-tasks and ${RELATION_COUNT} relations, ${summary(
        'opened from the app, click on its title on the board to painted',
        fromBoard.map((run) => run.paintedAt),
      )} · target ≤ ${TARGET_MS} ms`,
    );
  console.log(
    `opened from the app, the first frame with the rows in the DOM (its start), ms after the click: ${summary(
      'from the board',
      fromBoard.map((run) => run.rowsAt),
    )}`,
  );
  console.log(
    `for comparison, a task without sub-tasks or relations, alone on its board, ${summary(
      'click on its title to its title painted',
      plainFromBoard.map((run) => run.paintedAt),
    )}`,
  );
}

export async function runSubtasksBench(): Promise<void> {
  await withBrowserBench(async ({ browser, server, mail }) => {
    const user = await signUpBenchUser(server.url, mail, {
      label: 'subtasks',
      firstname: 'Subtasks',
      lastname: 'Bench',
    });
    const seedStart = performance.now();
    const seeded = await seed(user);
    console.log(
      `seeded a parent task with ${SUBTASK_COUNT} sub-tasks (${SUBTASKS_ELSEWHERE} in another project) and ${RELATION_COUNT} relations (${RELATION_KINDS.map((kind) => `${kind.count} ${kind.label.toLowerCase()}`).join(', ')}) through the API in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );
    const expected: Expected = {
      subtasks: SUBTASK_COUNT,
      relations: Object.fromEntries(RELATION_KINDS.map((kind) => [kind.label, kind.count])),
    };

    const plainExpected: Expected = { subtasks: 0, relations: {}, title: PLAIN_TITLE };
    // The clicks on the board: the parent's title, then the task without rows on its own board.
    const boardClicks = async (context: BrowserContext) => ({
      fromBoard: await fromBoardRuns(context, server.url, seeded.projectId, PARENT_TITLE, expected),
      plainFromBoard: await fromBoardRuns(
        context,
        server.url,
        seeded.plainProjectId,
        PLAIN_TITLE,
        plainExpected,
        PLAIN_FROM_BOARD_RUNS,
        'plain-click',
      ),
    });
    if (ONLY === 'board') {
      const context = await signedInContext(browser, server.url, user);
      const { fromBoard, plainFromBoard } = await boardClicks(context);
      await context.close();
      printFromBoard(fromBoard, plainFromBoard);
      return;
    }

    // The server's share: the page's two calls, as the browser makes them (loopback, gzip asked for).
    const detail = await serverTimes(user, `/api/tasks/${seeded.parentId}`);
    const structure = await serverTimes(user, `/api/tasks/${seeded.parentId}/structure`);
    for (const [name, times] of [
      ['GET /api/tasks/:id', detail],
      ['GET /api/tasks/:id/structure', structure],
    ] as const) {
      console.log(
        `server ${name} of the parent (${SERVER_CALLS} calls after 2 warm-ups): first ${ms(times.first)} · median ${times.median.toFixed(1)} ms · p90 ${times.p90.toFixed(1)} ms · max ${times.max.toFixed(1)} ms · ${(times.bytes / 1024).toFixed(1)} KB`,
      );
      reportFigure({
        figure: `subtasks: server ${name}, 100 sub-tasks and 50 relations, median of ${SERVER_CALLS} (p90 ${times.p90.toFixed(1)} ms)`,
        target: 'no target',
        measured: `${times.median.toFixed(1)} ms`,
        pass: null,
      });
    }

    const cold = await coldRuns(browser, server.url, user, seeded.parentId, expected);
    const warmContext = await signedInContext(browser, server.url, user);
    const warm = await warmRuns(warmContext, seeded.parentId, expected);
    const plain = await warmRuns(warmContext, seeded.plainId, {
      subtasks: 0,
      relations: {},
      title: 'related (51)',
    });
    const { fromBoard, plainFromBoard } = await boardClicks(warmContext);
    await warmContext.close();

    const figures = [
      { name: 'opened from the app, click on its title on the board to painted', runs: fromBoard },
      { name: 'warm (code cached), navigation start to painted', runs: warm.map((run) => run.painted) },
      { name: 'cold (new context each), navigation start to painted', runs: cold.map((run) => run.painted) },
    ];
    for (const { name, runs } of figures) {
      const times = runs.map((run) => run.paintedAt);
      console.log(
        `task page with ${SUBTASK_COUNT} sub-tasks and ${RELATION_COUNT} relations, ${summary(name, times)} · target ≤ ${TARGET_MS} ms`,
      );
      reportFigure({
        figure: `subtasks: task page, ${SUBTASK_COUNT} sub-tasks and ${RELATION_COUNT} relations, ${name}, median of ${times.length} (p90 ${ms(percentile(times, 90))}, max ${ms(sorted(times).at(-1)!)})`,
        target: `≤ ${TARGET_MS} ms`,
        measured: ms(median(times)),
        pass: median(times) <= TARGET_MS,
      });
    }
    const live = await liveRuns(browser, server.url, user, seeded.organizationId);
    for (const [name, times] of [
      ['a new sub-task shows as "0/1" on its parent\'s card', live.subtask],
      ['a new "blocks" relation shows "Blocked" on the blocked card', live.blocked],
    ] as const) {
      console.log(
        `live, on the board in a second browser: ${summary(name, times)} · target ≤ ${LIVE_TARGET_MS} ms`,
      );
      reportFigure({
        figure: `subtasks: live, ${name}, request sent to B's frame, median of ${times.length} (max ${ms(sorted(times).at(-1)!)})`,
        target: `≤ ${LIVE_TARGET_MS} ms, every run`,
        measured: ms(median(times)),
        pass: sorted(times).at(-1)! <= LIVE_TARGET_MS,
      });
    }
    printFromBoard(fromBoard, plainFromBoard);
    const plainTimes = plain.map((run) => run.painted.paintedAt);
    console.log(
      `for comparison, a task without sub-tasks or relations, ${summary('warm, navigation start to its title painted', plainTimes)}`,
    );
    reportFigure({
      figure: `subtasks: task page without sub-tasks or relations (for comparison), warm, median of ${plainTimes.length}`,
      target: 'no target',
      measured: ms(median(plainTimes)),
      pass: null,
    });

    for (const [name, runs] of [
      ['cold', cold],
      ['warm', warm],
      ['warm, task without sub-tasks or relations', plain],
    ] as const) {
      console.log(
        `\nthe ${name} load's steps, ms after the navigation started:\n${formatColdLoadSteps(
          runs.map((run) => run.steps),
          { name: 'painted', at: runs.map((run) => run.painted.paintedAt) },
        )}`,
      );
      console.log(
        `long tasks from the structure's arrival to the paint, per run: ${runs
          .map(
            (run) =>
              `${ms(run.longTasks.reduce((sum, task) => sum + task.duration, 0))} (${run.longTasks.map((task) => ms(task.duration)).join(' + ') || 'none'})`,
          )
          .join(', ')}`,
      );
    }
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runSubtasksBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
