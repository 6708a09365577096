// @database pglite
import { gunzipSync } from 'node:zlib';
import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import { describe, expect, it } from 'vitest';
import { type BusEvent, createInProcessBus } from '../../realtime/bus.ts';
import { boardPerson, boardTask } from './board-fixture.ts';
import { presentBoard } from './board-presenter.ts';
import type { ListedTask } from './queries.ts';
import { type ReadListedTasks, TaskListCache } from './task-list-cache.ts';

const ORGANIZATION = '00000000-0000-4000-8000-000000000001';
const A = 'project-a';
const B = 'project-b';

type Row = [taskId: string, status: string, rank: string];

/** The body json_agg would build of these rows, and its keys. */
function listOf(rows: readonly Row[]) {
  const body = rows.length === 0 ? '[]' : `[${rows.map(([id]) => `{"id":"${id}"}`).join(', \n ')}]`;
  return { body, keys: JSON.stringify(rows) };
}

/** What listedTasks would answer for these rows of the database, the column ranks included. */
function readFrom(database: () => Row[] | undefined): ReadListedTasks {
  return async (_projectId, taskIds) => {
    const rows = database();
    if (!rows) return undefined;
    return rows
      .filter(([id]) => taskIds.includes(id))
      .map(
        ([id, status, rank]): ListedTask => ({
          task_id: id,
          status,
          rank,
          json: `{"id":"${id}"}`,
          column_ranks: rows
            .filter((row) => row[1] === status)
            .map((row) => row[2])
            .sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)))
            .join('\n'),
        }),
      );
  };
}

function setUp(read: ReadListedTasks = async () => []) {
  const bus = createInProcessBus();
  const cache = new TaskListCache(bus, read);
  const publish = (event: Partial<BusEvent>) =>
    bus.publish({ kind: 'task', action: 'updated', id: 'task', organizationId: ORGANIZATION, ...event });
  const keep = (projectId: string, body: string, keys = '[]') =>
    cache.remember(projectId, cache.generation(projectId), body, keys);
  const keepRows = (projectId: string, rows: readonly Row[]) => {
    const { body, keys } = listOf(rows);
    return cache.remember(projectId, cache.generation(projectId), body, keys);
  };
  const body = async (projectId: string) => (await cache.get(projectId))?.body;
  return { cache, publish, keep, keepRows, body };
}

describe('TaskListCache', () => {
  it('answers a remembered list until an event names its project; other projects stay', async () => {
    const { publish, keep, body } = setUp();
    keep(A, '[]');
    keep(B, '[]');
    expect(await body(A)).toBe('[]');
    await publish({ kind: 'task', projectId: A });
    expect(await body(A)).toBeUndefined();
    expect(await body(B)).toBe('[]');
    await publish({ kind: 'project', id: B });
    expect(await body(B)).toBeUndefined();
  });

  it('reads an id spelled in capitals as the same project, so its events still drop it', async () => {
    const { publish, keep, body } = setUp();
    const id = '3f0c6a1e-8b4d-4c2a-9e7f-1a2b3c4d5e6f';
    keep(id.toUpperCase(), '[]');
    expect(await body(id)).toBe('[]');
    await publish({ kind: 'task', projectId: id });
    expect(await body(id.toUpperCase())).toBeUndefined();
  });

  it('does not keep a list read while a write to its project was published', async () => {
    const { cache, publish } = setUp();
    const generation = cache.generation(A);
    await publish({ kind: 'comment', projectId: A, taskId: 'task' });
    expect(cache.remember(A, generation, '[]', '[]')).toBeUndefined();
    expect(await cache.get(A)).toBeUndefined();
    expect(cache.remember(A, cache.generation(A), '[]', '[]')?.body).toBe('[]');
  });

  it('does not keep a body whose rows its keys do not name one for one', async () => {
    const { keep, body } = setUp();
    expect(keep(A, '[{"id":"t1"}]', '[]')).toBeUndefined();
    expect(await body(A)).toBeUndefined();
  });

  it('starts over on a rename or an organization change and after missed events, not on a Figma event', async () => {
    const { cache, publish, keep, body } = setUp();
    keep(A, '[]');
    await publish({ kind: 'figma_event', id: 'event' });
    expect(await body(A)).toBe('[]');
    await publish({ kind: 'membership', action: 'updated', id: 'user' });
    expect(await body(A)).toBeUndefined();
    const generation = cache.generation(B);
    keep(A, '[]');
    await publish({ kind: 'organization', action: 'deleted', id: ORGANIZATION });
    expect(await body(A)).toBeUndefined();
    expect(cache.remember(B, generation, '[]', '[]')).toBeUndefined();
    keep(A, '[]');
    await publish({ kind: 'label', action: 'updated', id: 'label' });
    expect(await body(A)).toBeUndefined();
  });

  it('patches the task an event names into its place, as the database would order the list', async () => {
    const database: Row[] = [
      ['t1', 'TODO', 'a0'],
      ['t2', 'TODO', 'a1'],
      ['t3', 'DOING', 'a0'],
      ['t4', 'DONE', 'a0'],
    ];
    let reads = 0;
    const { publish, keepRows, body } = setUp(async (projectId, taskIds) => {
      reads++;
      return readFrom(() => database)(projectId, taskIds);
    });
    keepRows(A, database);
    // t1 moves to the end of DOING; t5 is created first in TODO; t4 is deleted.
    database[0] = ['t1', 'DOING', 'a1'];
    database.push(['t5', 'TODO', 'Zz']);
    database.splice(3, 1);
    await publish({ projectId: A, taskId: 't1' });
    await publish({ action: 'created', projectId: A, taskId: 't5' });
    await publish({ action: 'deleted', projectId: A, taskId: 't4' });
    expect(await body(A)).toBe(
      listOf([
        ['t5', 'TODO', 'Zz'],
        ['t2', 'TODO', 'a1'],
        ['t3', 'DOING', 'a0'],
        ['t1', 'DOING', 'a1'],
      ]).body,
    );
    // Events published together are read in one go.
    expect(reads).toBe(1);
  });

  it('orders equal ranks by task id and an unknown status last, as LIST_ORDER does', async () => {
    const database: Row[] = [
      ['b', 'TODO', 'a0'],
      ['c', 'TODO', 'a0'],
    ];
    const { publish, keepRows, body } = setUp(readFrom(() => database));
    keepRows(A, database);
    database.push(['a', 'TODO', 'a0'], ['d', 'LATER', '0']);
    await publish({ projectId: A, taskId: 'a' });
    await publish({ projectId: A, taskId: 'd' });
    expect(await body(A)).toBe(
      listOf([
        ['a', 'TODO', 'a0'],
        ['b', 'TODO', 'a0'],
        ['c', 'TODO', 'a0'],
        ['d', 'LATER', '0'],
      ]).body,
    );
  });

  it('drops the list when other tasks of the column were given new ranks (a spread)', async () => {
    const database: Row[] = [
      ['t1', 'TODO', 'a0'],
      ['t2', 'TODO', 'a0'],
      ['t3', 'DOING', 'a0'],
    ];
    const { publish, keepRows, body } = setUp(readFrom(() => database));
    keepRows(A, database);
    // t3 moved between the two equal ranks: the column took fresh ones, the event names only t3.
    database.splice(0, 3, ['t1', 'TODO', 'a0'], ['t3', 'TODO', 'a1'], ['t2', 'TODO', 'a2']);
    await publish({ projectId: A, taskId: 't3' });
    expect(await body(A)).toBeUndefined();
  });

  describe("a write of this server, whose event carries the task's summary", () => {
    /** A summary as json_build_object spells it (spaces around its own keys and values). */
    const summary = (id: string, status: string, rank: string, version: number, projectId = A) =>
      `{"task_id" : "${id}", "project_id" : "${projectId}", "status" : "${status}", "rank" : "${rank}", "version" : ${version}}`;
    /** A task as json_agg spells it in the list: the same, with no spaces. */
    const listed = (id: string, status: string, rank: string, version: number) =>
      `{"task_id":"${id}","project_id":"${A}","status":"${status}","rank":"${rank}","version":${version}}`;

    function setUpListed(
      rows: Array<[...Row, number]>,
      database: Row[] = rows.map(([id, status, rank]) => [id, status, rank]),
      statementsInOrder = false,
    ) {
      const reads: string[][] = [];
      const bus = createInProcessBus();
      const read = readFrom(() => database);
      const cache = new TaskListCache(
        bus,
        async (projectId, taskIds) => {
          reads.push([...taskIds]);
          return read(projectId, taskIds);
        },
        statementsInOrder,
      );
      cache.remember(
        A,
        cache.generation(A),
        `[${rows.map(([id, status, rank, version]) => listed(id, status, rank, version)).join(', \n ')}]`,
        JSON.stringify(rows.map(([id, status, rank]) => [id, status, rank])),
      );
      const write = (taskSummary: string | undefined, taskId: string, event: Partial<BusEvent> = {}) =>
        bus.publish(
          {
            kind: 'task',
            action: 'updated',
            id: taskId,
            organizationId: ORGANIZATION,
            projectId: A,
            taskId,
            ...event,
          },
          taskSummary === undefined ? undefined : { taskSummary },
        );
      /** The event of a dependent (a parent, a blocked task) of another task's change, with its summary. */
      const told = (dependentSummary: string, taskId: string) =>
        bus.publish(
          { kind: 'task', action: 'updated', id: taskId, organizationId: ORGANIZATION, projectId: A, taskId },
          { dependentSummary },
        );
      const body = async () => (await cache.get(A))?.body;
      return { cache, write, told, body, reads };
    }

    it("puts in a dependent's summary of the same version, the later event's, when statements run in order", async () => {
      const { write, told, body, reads } = setUpListed(
        [
          ['t1', 'TODO', 'a0', 4],
          ['t2', 'DOING', 'a0', 1],
        ],
        undefined,
        true,
      );
      // The parent's progress changed twice (two sub-tasks finished), its version not.
      const parent = (done: number) =>
        `{"task_id" : "t1", "project_id" : "${A}", "status" : "TODO", "rank" : "a0", "done" : ${done}, "version" : 4}`;
      await told(parent(1), 't1');
      await write(summary('t2', 'DONE', 'a0', 2), 't2');
      await told(parent(2), 't1');
      expect(await body()).toBe(
        `[${[
          `{"task_id":"t1","project_id":"${A}","status":"TODO","rank":"a0","done":2,"version":4}`,
          listed('t2', 'DONE', 'a0', 2),
        ].join(', \n ')}]`,
      );
      await told(parent(1), 't1');
      expect(await body()).toContain('"done":1,');
      // One of an older version than the list's copy changes nothing.
      await told(summary('t1', 'DOING', 'a0', 3), 't1');
      expect(await body()).toContain('"done":1,');
      expect(reads).toEqual([]);
    });

    it("reads a dependent again when statements may run side by side (PostgreSQL): its summary may miss another's change", async () => {
      const { told, body, reads } = setUpListed([['t1', 'TODO', 'a0', 4]]);
      await told(summary('t1', 'TODO', 'a0', 4), 't1');
      await body();
      expect(reads).toEqual([['t1']]);
    });

    it('puts the task in its place from its summary, spelled as the list spells it, reading nothing', async () => {
      const { write, body, reads } = setUpListed([
        ['t1', 'TODO', 'a0', 1],
        ['t2', 'TODO', 'a2', 1],
        ['t3', 'DOING', 'a0', 1],
      ]);
      await write(summary('t3', 'TODO', 'a1', 2), 't3');
      expect(await body()).toBe(
        `[${[listed('t1', 'TODO', 'a0', 1), listed('t3', 'TODO', 'a1', 2), listed('t2', 'TODO', 'a2', 1)].join(', \n ')}]`,
      );
      expect(reads).toEqual([]);
    });

    it('keeps the later of two writes of one task whose events came in the other order', async () => {
      const { write, body, reads } = setUpListed([['t1', 'TODO', 'a0', 1]]);
      await write(summary('t1', 'DOING', 'a0', 3), 't1');
      await write(summary('t1', 'DONE', 'a0', 2), 't1');
      expect(await body()).toBe(`[${listed('t1', 'DOING', 'a0', 3)}]`);
      // And once the list holds the later one, an earlier summary changes nothing.
      await write(summary('t1', 'TODO', 'a0', 2), 't1');
      expect(await body()).toBe(`[${listed('t1', 'DOING', 'a0', 3)}]`);
      expect(reads).toEqual([]);
    });

    it('reads the database when an event of the task came without a summary (another server, a comment)', async () => {
      const { write, body, reads } = setUpListed([['t1', 'TODO', 'a0', 1]]);
      await write(undefined, 't1');
      await write(summary('t1', 'TODO', 'a0', 2), 't1');
      await body();
      expect(reads).toEqual([['t1']]);
    });

    it('reads the database when the column holds two equal ranks (the write may have spread it)', async () => {
      const database: Row[] = [
        ['t1', 'TODO', 'a0'],
        ['t3', 'TODO', 'a1'],
        ['t2', 'TODO', 'a2'],
      ];
      const { write, body, reads } = setUpListed(
        [
          ['t1', 'TODO', 'a0', 1],
          ['t2', 'TODO', 'a0', 1],
          ['t3', 'DOING', 'a0', 1],
        ],
        database,
      );
      await write(summary('t3', 'TODO', 'a1', 2), 't3');
      expect(await body()).toBeUndefined();
      expect(reads).toEqual([['t3']]);
    });

    it('reads the database when the task is now of another project', async () => {
      const { write, body, reads } = setUpListed([['t1', 'TODO', 'a0', 1]], []);
      await write(summary('t1', 'TODO', 'a0', 2, B), 't1');
      expect(await body()).toBe('[]');
      expect(reads).toEqual([['t1']]);
    });
  });

  it('drops the list when its project is gone or the read fails', async () => {
    let gone = false;
    const { publish, keepRows, body } = setUp(async () => {
      if (gone) return undefined;
      throw new Error('connection lost');
    });
    keepRows(A, [['t1', 'TODO', 'a0']]);
    await publish({ projectId: A, taskId: 't1' });
    expect(await body(A)).toBeUndefined();
    gone = true;
    keepRows(A, [['t1', 'TODO', 'a0']]);
    await publish({ projectId: A, taskId: 't1' });
    expect(await body(A)).toBeUndefined();
  });

  it('patches a list read since its last patch right after a write, else when it is read next', async () => {
    const database: Row[] = [['t1', 'TODO', 'a0']];
    let reads = 0;
    const { publish, keepRows, body } = setUp(async (projectId, taskIds) => {
      reads++;
      return readFrom(() => database)(projectId, taskIds);
    });
    const settle = () => new Promise((resolve) => setTimeout(resolve, 5));
    keepRows(A, database);
    database[0] = ['t1', 'DOING', 'a0'];
    await publish({ projectId: A, taskId: 't1' });
    await settle();
    // The list was just read: the write's patch is made at once, and the next read costs no query.
    expect(reads).toBe(1);
    expect(await body(A)).toBe(listOf(database).body);
    expect(reads).toBe(1);

    // Writes that come before anyone reads it again share one patch, made by the next read.
    database[0] = ['t1', 'DONE', 'a0'];
    await publish({ projectId: A, taskId: 't1' });
    database.push(['t2', 'TODO', 'a0']);
    await publish({ projectId: A, taskId: 't2' });
    await settle();
    expect(reads).toBe(2);
    database.push(['t3', 'TODO', 'a1']);
    await publish({ projectId: A, taskId: 't3' });
    await settle();
    expect(reads).toBe(2);
    const [t1, t2, t3] = database;
    expect(await body(A)).toBe(listOf([t2!, t3!, t1!]).body);
    expect(reads).toBe(3);
  });

  it('drops a list past 200 changed tasks without reading them', async () => {
    let reads = 0;
    const { publish, keepRows, body } = setUp(async () => {
      reads++;
      return [];
    });
    keepRows(A, [['t1', 'TODO', 'a0']]);
    for (let n = 0; n <= 200; n++) await publish({ projectId: A, taskId: `many-${n}` });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await body(A)).toBeUndefined();
    expect(reads).toBe(0);
  });

  it('makes a read wait for the patch under way, and reads again what changed meanwhile', async () => {
    const database: Row[] = [['t1', 'TODO', 'a0']];
    let release: () => void = () => {};
    const reads: string[][] = [];
    const { publish, keepRows, body } = setUp(async (projectId, taskIds) => {
      reads.push([...taskIds]);
      if (reads.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return readFrom(() => database)(projectId, taskIds);
    });
    keepRows(A, database);
    database.push(['t2', 'TODO', 'a1']);
    await publish({ projectId: A, taskId: 't2' });
    const answer = body(A);
    await new Promise((resolve) => setTimeout(resolve, 5));
    database.push(['t3', 'TODO', 'a2']);
    await publish({ projectId: A, taskId: 't3' });
    release();
    expect(await answer).toBe(listOf(database).body);
    // t3 was in the column when t2 was read: both are read again, together.
    expect(reads).toEqual([['t2'], ['t3', 't2']]);
  });

  it('drops the least recently read lists past its memory budget', async () => {
    const { keep, body } = setUp();
    const big = `[${'x'.repeat(4 * 1024 * 1024 - 2)}]`;
    const keys = JSON.stringify([['t', 'TODO', 'a0']]);
    for (const projectId of ['p1', 'p2', 'p3', 'p4', 'p5']) keep(projectId, big, keys);
    expect(await body('p1')).toBeUndefined();
    expect(await body('p2')).toBe(big);
    keep('p6', big, keys);
    // p2 was read last: p3 is now the oldest and goes first.
    expect(await body('p3')).toBeUndefined();
    expect(await body('p2')).toBe(big);
    expect(await body('p6')).toBe(big);
  });

  it("keeps the board shape of a patched list the presenter's board of the list, write after write", async () => {
    const project = '0194a000-0000-7000-8000-0000000000bb';
    const database = new Map(
      Array.from({ length: 30 }, (_, i) => boardTask(project, i + 1)).map((t) => [t.task_id, t]),
    );
    const STATUSES = ['TODO', 'DOING', 'DONE', 'ARCHIVE'];
    const inListOrder = () =>
      [...database.values()].sort(
        (a, b) =>
          STATUSES.indexOf(a.status) - STATUSES.indexOf(b.status) ||
          (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0) ||
          (a.task_id < b.task_id ? -1 : 1),
      );
    const bus = createInProcessBus();
    const cache = new TaskListCache(bus, async (_projectId, taskIds) =>
      taskIds.flatMap((taskId): ListedTask[] => {
        const task = database.get(taskId);
        if (!task) return [];
        const ranks = inListOrder().filter((other) => other.status === task.status);
        return [
          {
            task_id: task.task_id,
            status: task.status,
            rank: task.rank,
            json: JSON.stringify(task),
            column_ranks: ranks.map((other) => other.rank).join('\n'),
          },
        ];
      }),
    );
    const list = inListOrder();
    cache.remember(
      project,
      cache.generation(project),
      `[${list.map((task) => JSON.stringify(task)).join(', \n ')}]`,
      JSON.stringify(list.map((task) => [task.task_id, task.status, task.rank])),
      'board',
    );
    const settle = () => new Promise((resolve) => setTimeout(resolve, 5));
    /** A write of this server (its summary comes with its event), or of another (none). */
    const write = async (task: TaskSummaryView, withSummary = true) => {
      database.set(task.task_id, task);
      await bus.publish(
        {
          kind: 'task',
          action: 'updated',
          id: task.task_id,
          organizationId: ORGANIZATION,
          projectId: project,
          taskId: task.task_id,
        },
        withSummary ? { taskSummary: JSON.stringify(task) } : undefined,
      );
      await settle();
    };
    const expectPresenterBoard = async () => {
      const board = await cache.get(project, 'board');
      const expected = JSON.stringify(presentBoard(project, inListOrder()));
      expect(board?.body).toBe(expected);
      // Its quick gzip, made of the columns compressed before and those the patch changed.
      if (board?.gzipOfPieces) expect(gunzipSync(board.gzipOfPieces()).toString()).toBe(expected);
    };
    await expectPresenterBoard();
    const task = (n: number) => database.get(boardTask(project, n).task_id)!;
    // A move, then a rename, each with its summary.
    await write({ ...task(3), status: 'DONE', rank: 'a00', version: 2 });
    await expectPresenterBoard();
    await write({ ...task(8), title: 'Renamed', version: 2 });
    await expectPresenterBoard();
    // Another person's change: the board's people change.
    await write({
      ...task(5),
      last_modifier: boardPerson(9, 'Other'),
      assignee: boardPerson(9, 'Other'),
      version: 2,
    });
    await expectPresenterBoard();
    // Read from the database (no summary), then a task created and one deleted: the board's order is made again.
    await write({ ...task(12), priority: 'URGENT', version: 2 }, false);
    await expectPresenterBoard();
    await write(boardTask(project, 31));
    await expectPresenterBoard();
    database.delete(task(1).task_id);
    await bus.publish({
      kind: 'task',
      action: 'deleted',
      id: 'gone',
      organizationId: ORGANIZATION,
      projectId: project,
      taskId: boardTask(project, 1).task_id,
    });
    await settle();
    await expectPresenterBoard();
    await write({ ...task(2), status: 'DOING', rank: 'z', version: 2 });
    await expectPresenterBoard();
  });
});
