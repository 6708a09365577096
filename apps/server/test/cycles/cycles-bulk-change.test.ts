// @database both
import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import type { TestServer } from '@figgle/test-support/test-server';
import { describe, expect, it } from 'vitest';
import { createProject, type RealtimeWorld, realtimeWorldPerFile } from '../realtime/realtime-world.ts';
import { createTask, cycleLogLines, turnCyclesOn } from './cycles-world.ts';

// Issue 44: the list's bulk change sets a cycle (cycle_id) in the same one transaction as the other
// fields, with one CYCLE log line per task, and its undo puts each task's earlier cycle back.

let server: TestServer;
let world: RealtimeWorld;

realtimeWorldPerFile((started) => ({ server, world } = started));

function bulk(groups: unknown) {
  return world.owner.api('/api/tasks/bulk-change', { body: { groups } });
}

async function cyclesOfTasks(ids: string[]) {
  const rows = await server.deps.db
    .selectFrom('task')
    .select(['task_id', 'cycle_id', 'priority', 'version'])
    .where('task_id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.task_id, row]));
}

describe('bulk change of the cycle', () => {
  it('plans every task in one request, one CYCLE line each, and the undo groups put them back', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Bulk cycles');
    const [current, next] = (await turnCyclesOn(world.owner, projectId)).cycles
      .filter((cycle) => cycle.state !== 'past')
      .reverse();
    const tasks = [
      await createTask(world.owner, projectId, 'One'),
      await createTask(world.owner, projectId, 'Two'),
      await createTask(world.owner, projectId, 'Three'),
    ];
    const ids = tasks.map((task) => task.task_id);
    // The third starts in the next cycle: the undo must put it back there.
    let response = await bulk([{ task_ids: [ids[2]], changes: { cycle_id: next!.cycle_id } }]);
    expect(response.status, await response.clone().text()).toBe(200);

    response = await bulk([{ task_ids: ids, changes: { cycle_id: current!.cycle_id, priority: 'HIGH' } }]);
    expect(response.status, await response.clone().text()).toBe(200);
    const answer = (await response.json()) as { tasks: TaskSummaryView[] };
    expect(answer.tasks.map((task) => [task.task_id, task.cycle_id, task.priority])).toEqual(
      ids.map((id) => [id, current!.cycle_id, 'HIGH']),
    );
    const rows = await cyclesOfTasks(ids);
    for (const id of ids) expect(rows.get(id)?.cycle_id).toBe(current!.cycle_id);
    expect(
      (await cycleLogLines(world.owner, ids[0]!)).map((line) => line.metadata?.cycle?.new?.number),
    ).toEqual([current!.number]);
    expect(
      (await cycleLogLines(world.owner, ids[2]!)).map((line) => [
        line.metadata?.cycle?.old?.number ?? null,
        line.metadata?.cycle?.new?.number ?? null,
      ]),
    ).toEqual([
      [null, next!.number],
      [next!.number, current!.number],
    ]);

    // The undo: one group per earlier value, cycle only.
    response = await bulk([
      { task_ids: [ids[0], ids[1]], changes: { cycle_id: null } },
      { task_ids: [ids[2]], changes: { cycle_id: next!.cycle_id } },
    ]);
    expect(response.status, await response.clone().text()).toBe(200);
    const undone = (await response.json()) as { tasks: TaskSummaryView[] };
    expect(undone.tasks.map((task) => task.cycle_id)).toEqual([null, null, next!.cycle_id]);
    const after = await cyclesOfTasks(ids);
    expect(ids.map((id) => after.get(id)?.cycle_id)).toEqual([null, null, next!.cycle_id]);
    // Each write bumped the version once per request that changed the task.
    expect(after.get(ids[0]!)!.version).toBe(rows.get(ids[0]!)!.version + 1);
    expect((await cycleLogLines(world.owner, ids[2]!)).length).toBe(3);
  });

  it('refuses a cycle of another project or organization for the whole request, changing nothing', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Bulk refused');
    const otherProjectId = await createProject(world.owner, world.organizationId, 'Bulk other');
    const own = (await turnCyclesOn(world.owner, projectId)).cycles[0]!;
    await turnCyclesOn(world.owner, otherProjectId);
    const outsider = (await turnCyclesOn(world.outsider, world.outsiderProjectId)).cycles[0]!;
    const ours = await createTask(world.owner, projectId, 'Ours');
    const theirs = await createTask(world.owner, otherProjectId, 'Theirs');
    const before = await cyclesOfTasks([ours.task_id, theirs.task_id]);

    // Theirs is in the other project: our project's cycle is not one of its own.
    for (const cycleId of [own.cycle_id, outsider.cycle_id, crypto.randomUUID()]) {
      const response = await bulk([
        { task_ids: [ours.task_id], changes: { cycle_id: own.cycle_id, priority: 'LOW' } },
        { task_ids: [theirs.task_id], changes: { cycle_id: cycleId } },
      ]);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(
        /not a cycle of the task's project/,
      );
    }
    // A malformed id is a 400 of the schema, before any write.
    const malformed = await bulk([{ task_ids: [ours.task_id], changes: { cycle_id: 'cycle-1' } }]);
    expect(malformed.status).toBe(400);

    expect(await cyclesOfTasks([ours.task_id, theirs.task_id])).toEqual(before);
    expect(await cycleLogLines(world.owner, ours.task_id)).toEqual([]);
    // An outsider cannot plan the task at all.
    const refused = await world.outsider.api('/api/tasks/bulk-change', {
      body: { groups: [{ task_ids: [ours.task_id], changes: { cycle_id: null } }] },
    });
    expect(refused.status).toBe(404);
  });
});
