// Cycle page benchmark (issue 44): a real Figgle server process, real HTTP.
//   node --import tsx bench/cycle-page.ts   (BENCH_DATABASE_URL=… also runs it on PostgreSQL)
// One project with cycles on, 500 tasks planned in the current cycle (200 of them finished, each
// with its CYCLE and STATUS log lines), then GET /api/cycles/:id, the cycle page's own read (its
// figures and its burn-up by day, drawn from the log), timed 20 times after a warm-up, body read in
// full. The target is the issue's: the cycle page with 500 tasks in 300 ms or less; this measures
// the server's answer that the page waits for, not the browser's painting.
import { performance } from 'node:perf_hooks';
import { runBench } from './support/cleanup.ts';
import { benchDatabases, type Member, startWorld } from './support/realtime-clients.ts';
import { reportFigure } from './support/report.ts';

const TASKS = 500;
const FINISHED = 200;
const RUNS = 20;
const WARM_UP = 3;
const TARGET_MS = 300;
/** Requests in flight while seeding: enough to fill the server, not to queue for long. */
const SEED_CONCURRENCY = 8;

async function ok(response: Promise<Response>, status: number): Promise<unknown> {
  const answer = await response;
  const text = await answer.text();
  if (answer.status !== status) throw new Error(`expected ${status}, got ${answer.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

async function inParallel(count: number, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: SEED_CONCURRENCY }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

async function seed(owner: Member, organizationId: string): Promise<string> {
  const project = (await ok(
    owner.api('/api/projects', {
      body: { name: 'Sprints', trigram: 'SPR', organization_id: organizationId },
    }),
    201,
  )) as { project_id: string };
  const cycles = (await ok(
    owner.api(`/api/projects/${project.project_id}/cycle-settings`, {
      method: 'PUT',
      body: { enabled: true, weeks: 2, week_start: 1 },
    }),
    200,
  )) as { cycles: Array<{ cycle_id: string; state: string }> };
  const current = cycles.cycles.find((cycle) => cycle.state === 'current')!;
  await inParallel(TASKS, async (index) => {
    const task = (await ok(
      owner.api(`/api/projects/${project.project_id}/tasks`, { body: { title: `Task ${index}` } }),
      201,
    )) as { task_id: string };
    await ok(
      owner.api(`/api/tasks/${task.task_id}/cycle`, { method: 'PUT', body: { cycle_id: current.cycle_id } }),
      204,
    );
    if (index < FINISHED)
      await ok(owner.api(`/api/tasks/${task.task_id}`, { method: 'PATCH', body: { status: 'DONE' } }), 200);
  });
  return current.cycle_id;
}

runBench(async (defer) => {
  for await (const database of benchDatabases(defer)) {
    const world = await startWorld(defer, database, 1);
    const owner = world.members[0]!;
    const seedStart = performance.now();
    const cycleId = await seed(owner, world.organizationId);
    console.log(
      `${database.label}: seeded ${TASKS} tasks in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );
    const samples: number[] = [];
    for (let i = 0; i < WARM_UP + RUNS; i++) {
      const start = performance.now();
      const answer = (await ok(owner.api(`/api/cycles/${cycleId}`), 200)) as {
        tasks: { done: number; total: number };
      };
      if (i >= WARM_UP) samples.push(performance.now() - start);
      if (answer.tasks.total !== TASKS || answer.tasks.done !== FINISHED)
        throw new Error(`unexpected figures: ${JSON.stringify(answer.tasks)}`);
    }
    samples.sort((a, b) => a - b);
    const median = (samples[RUNS / 2 - 1]! + samples[RUNS / 2]!) / 2;
    console.log(
      `${database.label}: GET /api/cycles/:id min ${samples[0]!.toFixed(1)} ms · median ${median.toFixed(1)} ms · max ${samples.at(-1)!.toFixed(1)} ms`,
    );
    reportFigure({
      figure: `cycle page data (GET /api/cycles/:id), ${TASKS} tasks, ${database.label}, median of ${RUNS}`,
      target: `≤ ${TARGET_MS} ms`,
      measured: `${median.toFixed(1)} ms`,
      pass: median <= TARGET_MS,
    });
    await world.server.stop();
  }
});
