// @database both

import type { ImportView } from '@figgle/shared/import-schemas';
import type { ProjectExport } from '@figgle/shared/project-export-schemas';
import type { TestServer } from '@figgle/test-support/test-server';
import { beforeAll, describe, expect, it } from 'vitest';
import { figgleExportOf, importAsNewProject } from '../import/import-world.ts';
import {
  createProject,
  createTask,
  type RealtimeWorld,
  realtimeWorldPerFile,
} from '../realtime/realtime-world.ts';

/**
 * Issue 44: an import writes no "blocks" that would close a loop of blockers, with the file's own
 * relations or those the organization holds (also one added by hand while the import runs, under
 * the organization's lock of blockers): the import finishes, and its problems name each relation
 * left out with its loop. Locks and a race between writers: both databases.
 */
let server: TestServer;
let world: RealtimeWorld;
let webId: string;

realtimeWorldPerFile((started) => ({ server, world } = started), { timeoutMs: 120_000 });
beforeAll(async () => {
  webId = await createProject(world.owner, world.organizationId, 'Web');
}, 120_000);

const relate = async (taskId: string, side: string, otherId: string) =>
  world.owner.api(`/api/tasks/${taskId}/relations`, { body: { side, task_id: otherId } });

const exportOf = (projectId: string) => figgleExportOf(world.owner, projectId);

async function importAsNew(file: unknown, name: string): Promise<ImportView> {
  const { done } = await importAsNewProject(
    server,
    world.owner,
    world.organizationId,
    { name: `${name}.json`, content: file },
    { project_name: name, allow_duplicate: true },
  );
  expect(done.state, done.error ?? '').toBe('done');
  return done;
}

/** The organization's live "blocks" relations hold no loop (a walk from every task). */
async function expectNoLoop(): Promise<void> {
  const edges = await server.deps.db
    .selectFrom('task_relation')
    .select(['from_task_id', 'to_task_id'])
    .where('organization_id', '=', world.organizationId)
    .where('kind', '=', 'blocks')
    .execute();
  const next = new Map<string, string[]>();
  for (const edge of edges)
    next.set(edge.from_task_id, [...(next.get(edge.from_task_id) ?? []), edge.to_task_id]);
  for (const startId of next.keys()) {
    const seen = new Set<string>();
    const stack = [...(next.get(startId) ?? [])];
    while (stack.length > 0) {
      const task = stack.pop()!;
      expect(task, 'a loop of blockers').not.toBe(startId);
      if (seen.has(task)) continue;
      seen.add(task);
      stack.push(...(next.get(task) ?? []));
    }
  }
}

/** The file's tasks' ids. */
const ids = {
  A: '10000000-0000-4000-8000-00000000000a',
  B: '10000000-0000-4000-8000-00000000000b',
  C: '10000000-0000-4000-8000-00000000000c',
};

/** A file of one project with tasks A, B, C (references 1, 2, 3) and the given relations of each. */
function fileOf(
  template: ProjectExport,
  relations: Record<string, ProjectExport['tasks'][number]['relations']>,
) {
  const base = template.tasks[0]!;
  const tasks = (['A', 'B', 'C'] as const).map((title, index) => ({
    ...base,
    id: ids[title],
    reference: index + 1,
    title,
    parent: null,
    subtask_position: null,
    relations: relations[title] ?? [],
  }));
  return { ...template, tasks };
}

describe('a Figgle JSON import', () => {
  it('leaves out the relation that closes a loop within the file (the one read last), told with its loop', async () => {
    await createTask(world.owner, webId, 'Template');
    const template = await exportOf(webId);
    const ref = (id: string, reference: string) => ({ id, reference });
    const file = fileOf(template, {
      A: [{ side: 'blocks', task: ref(ids.B, 'OLD-2') }],
      B: [{ side: 'blocks', task: ref(ids.C, 'OLD-3') }],
      C: [{ side: 'blocks', task: ref(ids.A, 'OLD-1') }],
    });
    const done = await importAsNew(file, 'Looped');
    expect(done.problems).toEqual([
      {
        row: expect.stringContaining('“C”'),
        reason: expect.stringMatching(
          /^Its relation "(\w{3})-3 blocks \1-1" was left out: it would make a loop of blockers, \1-3 → \1-1 → \1-2 → \1-3\.$/,
        ),
        imported: true,
      },
    ]);
    expect(done.imported?.tasks).toBe(3);
    await expectNoLoop();
  });

  it('leaves out a relation that would close a loop through tasks already in the organization', async () => {
    const x = await createTask(world.owner, webId, 'X');
    const y = await createTask(world.owner, webId, 'Y');
    expect((await relate(x, 'blocks', y)).status).toBe(201);
    const template = await exportOf(webId);
    // A blocks X, and Y blocks A: with "X blocks Y", Y → A → X → Y.
    const file = fileOf(template, {
      A: [
        { side: 'blocks', task: { id: x, reference: 'WEB-0' } },
        { side: 'blocked_by', task: { id: y, reference: 'WEB-0' } },
      ],
    });
    const done = await importAsNew(file, 'Outside loop');
    expect(done.problems.map((problem) => problem.reason)).toEqual([
      expect.stringMatching(
        /^Its relation "WEB-\d+ blocks \w{3}-1" was left out: it would make a loop of blockers, WEB-\d+ → \w{3}-1 → WEB-\d+ → WEB-\d+\.$/,
      ),
    ]);
    await expectNoLoop();
  });

  it('and a relation added by hand while the import runs: one of the two stays out, never both in', async () => {
    for (let round = 0; round < 3; round++) {
      const x = await createTask(world.owner, webId, `X${round}`);
      const y = await createTask(world.owner, webId, `Y${round}`);
      const template = await exportOf(webId);
      const file = fileOf(template, {
        A: [
          { side: 'blocks', task: { id: x, reference: 'WEB-0' } },
          { side: 'blocked_by', task: { id: y, reference: 'WEB-0' } },
        ],
      });
      const [done, byHand] = await Promise.all([importAsNew(file, `Race ${round}`), relate(x, 'blocks', y)]);
      if (byHand.status === 201) expect(done.problems).toHaveLength(1);
      else {
        expect(byHand.status, await byHand.text()).toBe(400);
        expect(((await byHand.json()) as { code: string }).code).toBe('dependency_loop');
        expect(done.problems).toEqual([]);
      }
      await expectNoLoop();
    }
  });
});
