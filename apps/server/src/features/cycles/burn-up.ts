import { addDays, cycleEndInstant } from '@figgle/shared/cycle-dates';
import type { BurnUpPoint } from '@figgle/shared/cycle-schemas';
import type { CycleHistoryRow } from './queries.ts';

interface HistoryTask {
  task_id: string;
  status: string;
  estimate: string | null;
  cycle_id: string | null;
  created_at: Date;
}

interface Span {
  joinedAt: number;
  /** Infinity while it is in; a rollover out of this cycle counts as in until the end. */
  leftAt: number;
  byRollover: boolean;
}

/** The keys of the four first statuses that are finished, when the project's are not given. */
const FIRST_FINISHED: ReadonlySet<string> = new Set(['DONE', 'ARCHIVE']);
const points = (estimate: string | null) => (estimate && /^[0-9]+$/.test(estimate) ? Number(estimate) : 0);

function spansOf(cycleId: string, task: HistoryTask, lines: CycleHistoryRow[]): Span[] {
  const spans: Span[] = [];
  let open: Span | null = null;
  for (const line of lines) {
    if (line.type !== 'CYCLE') continue;
    const change = line.metadata.cycle as {
      old?: { cycle_id: string } | null;
      new?: { cycle_id: string } | null;
    };
    const at = line.created_at.getTime();
    if (open && change.old?.cycle_id === cycleId) {
      open.leftAt = line.metadata.rollover === true ? Number.POSITIVE_INFINITY : at;
      spans.push(open);
      open = null;
    }
    if (change.new?.cycle_id === cycleId)
      open = { joinedAt: at, leftAt: Number.POSITIVE_INFINITY, byRollover: line.metadata.rollover === true };
  }
  if (open) spans.push(open);
  // In the cycle without a line saying when it came (made so by hand in the database): since its creation.
  if (spans.length === 0 && task.cycle_id === cycleId) {
    spans.push({ joinedAt: task.created_at.getTime(), leftAt: Number.POSITIVE_INFINITY, byRollover: false });
  }
  return spans;
}

/** Whether the task was finished at `at`, from its STATUS lines (before any: its status now if none changed it). */
function finishedAt(
  task: HistoryTask,
  lines: CycleHistoryRow[],
  at: number,
  finishedKeys: ReadonlySet<string>,
): boolean {
  const statusLines = lines.filter((line) => line.type === 'STATUS');
  if (statusLines.length === 0) return finishedKeys.has(task.status);
  let finished = finishedKeys.has(String((statusLines[0]?.metadata.status as { old?: unknown })?.old));
  for (const line of statusLines) {
    if (line.created_at.getTime() > at) break;
    finished = finishedKeys.has(String((line.metadata.status as { new?: unknown }).new));
  }
  return finished;
}

/**
 * The burn-up of a cycle (docs/product.md#cycles): for each day from its first to its last (or to
 * today), at the end of that day, the tasks in it (scope) and those finished (done), by count and by
 * points (each task's estimate now). Also how many tasks came in after it started, not counting those
 * the rollover of the previous cycle brought.
 */
export function burnUp(
  cycle: { cycle_id: string; starts_on: string; ends_on: string },
  tasks: HistoryTask[],
  lines: CycleHistoryRow[],
  now: Date,
  /** The keys of the project's statuses of the Done and Canceled categories. */
  finishedKeys: ReadonlySet<string> = FIRST_FINISHED,
): { points: BurnUpPoint[]; addedAfterStart: number } {
  const byTask = new Map<string, CycleHistoryRow[]>();
  for (const line of lines) byTask.set(line.task_id, [...(byTask.get(line.task_id) ?? []), line]);
  const histories = tasks.map((task) => {
    const own = byTask.get(task.task_id) ?? [];
    return { task, own, spans: spansOf(cycle.cycle_id, task, own) };
  });
  const startAt = cycleEndInstant(cycle.starts_on).getTime();
  const endAt = cycleEndInstant(cycle.ends_on).getTime();
  const result: BurnUpPoint[] = [];
  for (let day = cycle.starts_on; day < cycle.ends_on; day = addDays(day, 1)) {
    const dayEnd = Math.min(cycleEndInstant(addDays(day, 1)).getTime(), endAt);
    if (cycleEndInstant(day).getTime() > now.getTime()) break;
    const at = Math.min(dayEnd, now.getTime());
    const point: BurnUpPoint = { date: day, scope: 0, done: 0, scope_points: 0, done_points: 0 };
    for (const { task, own, spans } of histories) {
      if (!spans.some((span) => span.joinedAt <= at && span.leftAt > at)) continue;
      point.scope += 1;
      point.scope_points += points(task.estimate);
      if (finishedAt(task, own, at, finishedKeys)) {
        point.done += 1;
        point.done_points += points(task.estimate);
      }
    }
    result.push(point);
  }
  const addedAfterStart = histories.filter(({ spans }) =>
    spans.some((span) => !span.byRollover && span.joinedAt > startAt),
  ).length;
  return { points: result, addedAfterStart };
}
