import { type Kysely, sql } from 'kysely';
import type { Database } from '../../src/db/schema.ts';
import type { StormResult, UpdateWrite } from './task-write-storm.ts';

interface TaskState {
  title: string;
  status: string;
}

/**
 * What the database must show after a crash: every answered write, nothing invented, and the
 * derived data (references, ranks, counts, log rows, versions) in agreement. Returns one line per
 * problem, so a failure says everything that is wrong at once.
 */
export async function crashConsistencyProblems(
  db: Kysely<Database>,
  projectId: string,
  seeded: Map<string, TaskState>,
  storm: StormResult,
): Promise<string[]> {
  const problems: string[] = [];
  const tasks = await db
    .selectFrom('task')
    .select(['task_id', 'title', 'status', 'rank', 'reference', 'version'])
    .where('project_id', '=', projectId)
    .where('deleted_at', 'is', null)
    .execute();
  const byId = new Map(tasks.map((task) => [task.task_id, task]));
  const logs = await db
    .selectFrom('log')
    .select(['task_id', 'type', 'metadata'])
    .where('project_id', '=', projectId)
    .execute();

  // Every answered creation is there, as it was sent.
  for (const write of storm.creates.filter((w) => w.answer === 201)) {
    const task = write.taskId ? byId.get(write.taskId) : undefined;
    if (!task) problems.push(`created task "${write.title}" (${write.taskId}) answered 201 is missing`);
    else if (task.title !== write.title || task.status !== write.status)
      problems.push(`created task ${write.taskId} holds ${task.title}/${task.status}`);
  }
  // Nothing the storm did not send: each task was seeded or is one of the creations.
  const createdTitles = new Set(storm.creates.map((w) => w.title));
  for (const task of tasks) {
    if (!seeded.has(task.task_id) && !createdTitles.has(task.title))
      problems.push(`unknown task ${task.task_id} "${task.title}"`);
  }
  // Each changed task holds its last answered value, or the value of the one change in flight.
  for (const [taskId, writes] of storm.lanes) {
    const task = byId.get(taskId);
    const start = seeded.get(taskId);
    if (!task || !start) {
      problems.push(`lane task ${taskId} is missing`);
      continue;
    }
    const acked = writes.filter((w) => w.answer === 200);
    const inFlight = writes.find((w) => w.answer === 0);
    const expected = acked.reduce(apply, { ...start });
    const allowed = [expected, ...(inFlight ? [apply(expected, inFlight)] : [])];
    if (!allowed.some((state) => state.title === task.title && state.status === task.status))
      problems.push(
        `task ${taskId} holds ${task.title}/${task.status}, expected ${allowed.map((s) => `${s.title}/${s.status}`).join(' or ')}`,
      );
    const changeLogs = logs.filter((log) => log.task_id === taskId && log.type !== 'CREATION');
    for (const write of acked) {
      if ('title' in write.change) {
        const title = write.change.title;
        if (!changeLogs.some((log) => (log.metadata as { title?: { new?: string } }).title?.new === title))
          problems.push(`task ${taskId}: no log row for the answered title change to "${title}"`);
      }
    }
  }
  // One CREATION log row per task; the version counts the change log rows.
  for (const task of tasks) {
    const own = logs.filter((log) => log.task_id === task.task_id);
    const creations = own.filter((log) => log.type === 'CREATION').length;
    if (creations !== 1) problems.push(`task ${task.task_id} has ${creations} CREATION log rows`);
    if (task.version !== 1 + own.length - creations)
      problems.push(
        `task ${task.task_id} is at version ${task.version} with ${own.length - creations} change rows`,
      );
  }
  // References run 1..N with the project's counter at N; ranks are unique within a column.
  const project = await db
    .selectFrom('project')
    .select('last_reference')
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  const references = tasks.map((task) => task.reference).sort((a, b) => a - b);
  if (project.last_reference !== tasks.length || references.some((reference, i) => reference !== i + 1))
    problems.push(`references are not 1..${tasks.length} (counter at ${project.last_reference})`);
  const rankKeys = new Set(tasks.map((task) => `${task.status}:${task.rank}`));
  if (rankKeys.size !== tasks.length) problems.push(`${tasks.length - rankKeys.size} duplicated ranks`);
  // The per-status counts kept by triggers agree with the rows.
  const counts = await db
    .selectFrom('task_status_count')
    .select(['status', 'count'])
    .where('project_id', '=', projectId)
    .execute();
  for (const status of ['TODO', 'DOING', 'DONE', 'ARCHIVE']) {
    const kept = Number(counts.find((row) => row.status === status)?.count ?? 0);
    const actual = tasks.filter((task) => task.status === status).length;
    if (kept !== actual) problems.push(`task_status_count says ${kept} ${status}, the rows say ${actual}`);
  }
  return problems;
}

function apply(state: TaskState, write: UpdateWrite): TaskState {
  return { ...state, ...write.change };
}

/** Names of the applied domain migrations, in order. */
export async function appliedMigrations(db: Kysely<Database>): Promise<string[]> {
  const rows = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db);
  return rows.rows.map((row) => row.name);
}
