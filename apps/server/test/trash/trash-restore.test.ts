// @database both
import { TRASH_PROJECT_DELETED_MESSAGE } from '@figgle/shared/trash-schemas';
import type { TestServer } from '@figgle/test-support/test-server';
import { describe, expect, it } from 'vitest';
import { type DrivenClock, drivenClock } from '../../src/clock/clock.ts';
import { wakeWorkers } from '../../src/jobs/wake.ts';
import { createStorage } from '../../src/storage/create-storage.ts';
import { eventually } from '../cycles/cycles-world.ts';
import {
  createProject,
  createTask,
  type RealtimeWorld,
  realtimeWorldPerFile,
} from '../realtime/realtime-world.ts';
import {
  comment,
  deleteTask,
  restore,
  restored,
  setParent,
  trashIdOf,
  trashOf,
  uploadTo,
} from './trash-world.ts';

// Issue 43, the trash: a delete writes its trash item and purge job in its own transaction, a restore
// brings rows back in one, and the purge removes rows and files once: SQL and jobs, hence both
// databases.

let server: TestServer;
let world: RealtimeWorld;
let clock: DrivenClock;

realtimeWorldPerFile((started) => ({ server, world } = started), {
  buildOptions: () => {
    clock = drivenClock();
    return { clock };
  },
});

interface Structure {
  parent: { task_id: string } | null;
  subtasks: Array<{ task_id: string }>;
  relations: Array<{ side: string; task: { task_id: string } }>;
}

async function structureOf(taskId: string): Promise<Structure> {
  const response = await world.member.api(`/api/tasks/${taskId}/structure`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Structure;
}

async function relate(from: string, side: 'blocks' | 'relates', to: string) {
  const response = await world.member.api(`/api/tasks/${from}/relations`, { body: { side, task_id: to } });
  expect(response.status, await response.clone().text()).toBe(201);
}

const taskRow = (taskId: string) =>
  server.deps.db
    .selectFrom('task')
    .select(['deleted_at', 'deleted_by'])
    .where('task_id', '=', taskId)
    .executeTakeFirst();

describe('restoring a task', () => {
  it('brings back its comments, history, the sub-tasks deleted with it, live relations and files', async () => {
    const projectId = await createProject(world.member, world.organizationId, 'Restore');
    const parent = await createTask(world.member, projectId, 'Parent');
    const child = await createTask(world.member, projectId, 'Child');
    const blocked = await createTask(world.member, projectId, 'Blocked');
    const related = await createTask(world.member, projectId, 'Related');
    const holder = await createTask(world.member, projectId, 'Holder');
    await setParent(world.member, child, parent);
    await setParent(world.member, parent, holder);
    await relate(parent, 'blocks', blocked);
    await relate(parent, 'relates', related);
    await comment(world.member, parent, 'On the parent');
    await comment(world.owner, child, 'On the child');
    const path = await uploadTo(server, world.member, parent);

    await deleteTask(world.member, parent, 'delete');
    expect(await taskRow(parent)).toMatchObject({ deleted_by: world.member.userId });
    expect((await world.member.api(`/api/tasks/${child}`)).status).toBe(404);
    expect((await world.member.api(`/api/uploads/${path}`)).status).toBe(404);
    expect((await structureOf(blocked)).relations).toEqual([]);
    const [item] = (await trashOf(world.member, world.organizationId)).filter(
      (entry) => entry.task_id === parent,
    );
    expect(item).toMatchObject({
      kind: 'TASK',
      title: 'Parent',
      reference: expect.stringMatching(/^res-\d+$/i),
      project_name: 'Restore',
      project_deleted: false,
      tasks: 2,
      comments: 2,
      deleted_by: { user_id: world.member.userId },
      can_restore: true,
    });
    expect(new Date(item!.purge_at).getTime() - new Date(item!.deleted_at).getTime()).toBe(30 * 86_400_000);
    // While it is in the trash, a related task goes for good to the trash too.
    await deleteTask(world.member, related);

    const answer = await restored(world.member, item!.trash_id);
    expect(answer).toEqual({
      kind: 'TASK',
      project_id: projectId,
      task_id: parent,
      task_ids: [parent, child],
      relations_left_out: [],
    });
    expect(await taskRow(parent)).toMatchObject({ deleted_at: null, deleted_by: null });
    const comments = (await (await world.member.api(`/api/tasks/${parent}/comments`)).json()) as unknown[];
    expect(comments).toHaveLength(1);
    const timeline = (await (await world.member.api(`/api/tasks/${parent}/timeline`)).json()) as {
      items: Array<{ kind: string; type?: string }>;
    };
    expect(timeline.items.some((entry) => entry.kind === 'log' && entry.type === 'CREATION')).toBe(true);
    const structure = await structureOf(parent);
    expect(structure.parent?.task_id).toBe(holder);
    expect(structure.subtasks.map((task) => task.task_id)).toEqual([child]);
    expect(structure.relations.map((relation) => [relation.side, relation.task.task_id])).toEqual([
      ['blocks', blocked],
    ]);
    expect((await world.member.api(`/api/uploads/${path}`)).status).toBe(200);
    // Out of the trash, and only once.
    expect(
      (await trashOf(world.member, world.organizationId)).some((entry) => entry.task_id === parent),
    ).toBe(false);
    expect((await restore(world.member, item!.trash_id)).status).toBe(404);
  });

  it('into a project in the trash is a 409 that changes nothing, and works once the project is back', async () => {
    const projectId = await createProject(world.member, world.organizationId, 'Gone');
    const task = await createTask(world.member, projectId, 'Inside');
    await deleteTask(world.member, task);
    const projectDelete = await world.member.api(`/api/projects/${projectId}`, { method: 'DELETE' });
    expect(projectDelete.status).toBe(204);
    const items = await trashOf(world.member, world.organizationId);
    const taskItem = items.find((entry) => entry.task_id === task)!;
    const projectItem = items.find((entry) => entry.kind === 'PROJECT' && entry.project_id === projectId)!;
    expect(taskItem.project_deleted).toBe(true);
    expect(projectItem).toMatchObject({ title: 'Gone', reference: null, tasks: 0, can_restore: true });

    const refused = await restore(world.member, taskItem.trash_id);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe(TRASH_PROJECT_DELETED_MESSAGE);
    expect((await taskRow(task))?.deleted_at).not.toBeNull();
    expect(
      await server.deps.db
        .selectFrom('log')
        .select('log_id')
        .where('task_id', '=', task)
        .where('type', '=', 'RESTORE')
        .execute(),
    ).toEqual([]);
    expect((await trashOf(world.member, world.organizationId)).some((entry) => entry.task_id === task)).toBe(
      true,
    );

    expect(await restored(world.member, projectItem.trash_id)).toMatchObject({
      kind: 'PROJECT',
      task_ids: [],
      relations_left_out: [],
    });
    expect((await world.member.api(`/api/projects/${projectId}`)).status).toBe(200);
    await restored(world.member, taskItem.trash_id);
    expect((await world.member.api(`/api/tasks/${task}`)).status).toBe(200);
  });

  it('writes "restored from the trash" in the change log of each task back, by who restored it, once', async () => {
    const projectId = await createProject(world.member, world.organizationId, 'Logged');
    const parent = await createTask(world.member, projectId, 'Logged parent');
    const child = await createTask(world.member, projectId, 'Logged child');
    await setParent(world.member, child, parent);
    await deleteTask(world.member, parent, 'delete');
    const trashId = await trashIdOf(world.owner, world.organizationId, parent);
    const restoreLines = () =>
      server.deps.db
        .selectFrom('log')
        .select(['task_id', 'author_id', 'project_id'])
        .where('type', '=', 'RESTORE')
        .where('task_id', 'in', [parent, child])
        .orderBy('created_at')
        .execute();
    expect(await restoreLines()).toEqual([]);

    await restored(world.owner, trashId);
    const lines = await restoreLines();
    expect(lines).toHaveLength(2);
    expect(lines).toEqual(
      expect.arrayContaining([
        { task_id: parent, author_id: world.owner.userId, project_id: projectId },
        { task_id: child, author_id: world.owner.userId, project_id: projectId },
      ]),
    );
    // The task page's activity shows it, after the creation line.
    const timeline = (await (await world.member.api(`/api/tasks/${parent}/timeline`)).json()) as {
      items: Array<{ kind: string; type?: string; author_id?: string | null }>;
    };
    const types = timeline.items.filter((entry) => entry.kind === 'log').map((entry) => entry.type);
    expect(types.indexOf('RESTORE')).toBeGreaterThan(types.indexOf('CREATION'));
    expect(timeline.items.find((entry) => entry.type === 'RESTORE')?.author_id).toBe(world.owner.userId);
    // A second restore is a 404 that writes nothing more.
    expect((await restore(world.owner, trashId)).status).toBe(404);
    expect(await restoreLines()).toHaveLength(2);
  });
});

describe('after 30 days', () => {
  it('the purge job removes the task, its sub-tasks, comments and files for good, once', async () => {
    const projectId = await createProject(world.member, world.organizationId, 'Purge');
    const parent = await createTask(world.member, projectId, 'Old parent');
    const child = await createTask(world.member, projectId, 'Old child');
    const kept = await createTask(world.member, projectId, 'Restored in time');
    await setParent(world.member, child, parent);
    await comment(world.member, parent, 'Going for good');
    const path = await uploadTo(server, world.member, parent);
    await deleteTask(world.member, parent, 'delete');
    await deleteTask(world.member, kept);
    const trashId = await trashIdOf(world.member, world.organizationId, parent);
    const keptTrashId = await trashIdOf(world.member, world.organizationId, kept);
    await restored(world.member, keptTrashId);
    const storage = createStorage(server.deps.env);
    expect(await storage.get(path)).not.toBeNull();

    clock.advance(30 * 86_400_000 + 60_000);
    // From purge_at on, no restore: the purge may be taking its files.
    expect((await restore(world.member, trashId)).status).toBe(404);
    wakeWorkers(server.deps.db);
    await eventually(async () => (await taskRow(parent)) === undefined, 'the task removed for good');
    expect(await taskRow(child)).toBeUndefined();
    const comments = await server.deps.db
      .selectFrom('comment')
      .select('comment_id')
      .where('task_id', 'in', [parent, child])
      .execute();
    expect(comments).toEqual([]);
    expect(await storage.get(path)).toBeNull();
    const uploads = await server.deps.db
      .selectFrom('upload')
      .select('upload_id')
      .where('path', '=', path)
      .execute();
    expect(uploads).toEqual([]);
    const trashRows = await server.deps.db
      .selectFrom('trash_item')
      .select('trash_id')
      .where('trash_id', 'in', [trashId, keptTrashId])
      .execute();
    expect(trashRows).toEqual([]);
    // The restored task stays; each purge job ran to its end once.
    expect(await taskRow(kept)).toMatchObject({ deleted_at: null });
    const jobs = await eventually(async () => {
      const rows = await server.deps.db
        .selectFrom('job')
        .select(['state', 'dedupe_key'])
        .where('kind', '=', 'trash_purge')
        .where('dedupe_key', 'in', [trashId, keptTrashId])
        .execute();
      return rows.length === 2 && rows.every((row) => row.state === 'done') ? rows : null;
    }, 'both purge jobs done');
    expect(jobs).toHaveLength(2);
    clock.reset();
  });

  it('a project in the trash goes with its tasks', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Old project');
    const task = await createTask(world.owner, projectId, 'Old task');
    await comment(world.owner, task, 'Old words');
    const projectDelete = await world.owner.api(`/api/projects/${projectId}`, { method: 'DELETE' });
    expect(projectDelete.status).toBe(204);
    const trashId = await trashIdOf(world.owner, world.organizationId, projectId);

    clock.advance(31 * 86_400_000);
    wakeWorkers(server.deps.db);
    await eventually(
      async () =>
        (await server.deps.db
          .selectFrom('project')
          .select('project_id')
          .where('project_id', '=', projectId)
          .executeTakeFirst()) === undefined,
      'the project removed for good',
    );
    expect(await taskRow(task)).toBeUndefined();
    expect((await restore(world.owner, trashId)).status).toBe(404);
    clock.reset();
  });
});
