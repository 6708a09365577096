import type { TestUser } from '@figgle/test-support/users';

type Status = 'TODO' | 'DOING' | 'DONE';
const STATUS_CYCLE: Status[] = ['DOING', 'DONE', 'TODO'];

export interface CreateWrite {
  kind: 'create';
  title: string;
  status: Status;
  /** The HTTP status of the answer; 0 when none came (the server died first). */
  answer: number;
  /** Why the request failed without an answer while the server was still up. */
  failure?: string;
  taskId?: string;
}

export interface UpdateWrite {
  kind: 'update';
  taskId: string;
  change: { title: string } | { status: Status };
  answer: number;
  failure?: string;
}

export interface StormResult {
  creates: CreateWrite[];
  /** Per updated task, its writes in the order they were sent (one at a time per task). */
  lanes: Map<string, UpdateWrite[]>;
  /** How many writes had been answered when the kill came. */
  answeredAtKill: number;
}

export interface StormOptions {
  user: TestUser;
  projectId: string;
  /** Tasks that exist before the storm; each gets a lane of sequential title and status changes. */
  laneTaskIds: string[];
  total: number;
  /** Writes in flight at once. */
  concurrency: number;
  /** Called once, when this many writes have been answered; must kill the server. */
  killAfterAnswered: number;
  kill(): void;
}

/**
 * `total` task writes through the HTTP API with `concurrency` of them in flight: creations, and
 * title and status changes of existing tasks. Changes of one task are sent one after the other, so
 * which value a task must hold is known exactly. The server is killed part-way; writes not yet sent
 * are dropped, writes in flight get no answer.
 */
export async function runTaskWriteStorm(options: StormOptions): Promise<StormResult> {
  const { user, projectId, laneTaskIds, total, concurrency } = options;
  const updatesPerLane = Math.floor((total * 2) / 5 / laneTaskIds.length);
  const createCount = total - updatesPerLane * laneTaskIds.length;
  const creates: CreateWrite[] = Array.from({ length: createCount }, (_, i) => ({
    kind: 'create',
    title: `storm create ${i}`,
    status: i % 2 === 0 ? 'TODO' : 'DOING',
    answer: 0,
  }));
  const lanes = new Map<string, UpdateWrite[]>(
    laneTaskIds.map((taskId, lane) => [
      taskId,
      Array.from({ length: updatesPerLane }, (_, n) => ({
        kind: 'update',
        taskId,
        change:
          n % 2 === 0 ? { title: `storm lane ${lane} title ${n}` } : { status: STATUS_CYCLE[(n >> 1) % 3]! },
        answer: 0,
      })),
    ]),
  );

  let answered = 0;
  let killed = false;
  let answeredAtKill = 0;
  const noteAnswer = () => {
    answered += 1;
    if (!killed && answered >= options.killAfterAnswered) {
      killed = true;
      answeredAtKill = answered;
      options.kill();
    }
  };
  const send = async (
    write: CreateWrite | UpdateWrite,
    path: string,
    method: string,
    body: unknown,
  ): Promise<Response | null> => {
    try {
      const response = await user.api(path, { method, body });
      write.answer = response.status;
      noteAnswer();
      return response;
    } catch (error) {
      if (!killed) write.failure = String((error as Error).cause ?? error);
      return null;
    }
  };

  const createTask = async (write: CreateWrite) => {
    const response = await send(write, `/api/projects/${projectId}/tasks`, 'POST', {
      title: write.title,
      status: write.status,
    });
    const body = (await response?.json().catch(() => ({}))) as { task_id?: string } | undefined;
    write.taskId = body?.task_id;
  };
  const changeTask = async (write: UpdateWrite) => {
    const response = await send(write, `/api/tasks/${write.taskId}`, 'PATCH', write.change);
    await response?.arrayBuffer().catch(() => undefined);
  };

  // One queue mixing creations and changes; a change waits for the previous change of its task.
  const laneTails = new Map<string, Promise<void>>();
  const queue: Array<() => Promise<void>> = [];
  const pending = [...lanes.values()].map((writes) => [...writes]);
  for (let i = 0, lane = 0; i < creates.length || pending.some((writes) => writes.length > 0); i += 1) {
    const create = creates[i];
    if (create) queue.push(() => createTask(create));
    for (let tries = 0; tries < pending.length; tries += 1, lane = (lane + 1) % pending.length) {
      const change = pending[lane]!.shift();
      if (!change) continue;
      const previous = laneTails.get(change.taskId) ?? Promise.resolve();
      let done: () => void = () => {};
      laneTails.set(change.taskId, new Promise<void>((resolve) => (done = resolve)));
      queue.push(() => previous.then(() => (killed ? undefined : changeTask(change))).finally(done));
      lane = (lane + 1) % pending.length;
      break;
    }
  }
  const worker = async () => {
    for (let next = queue.shift(); next && !killed; next = queue.shift()) await next();
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { creates, lanes, answeredAtKill };
}

export function allWrites(result: StormResult): Array<CreateWrite | UpdateWrite> {
  return [...result.creates, ...[...result.lanes.values()].flat()];
}
