// @database pglite
import { TRASH_NOT_YOURS_MESSAGE } from '@figgle/shared/trash-schemas';
import { describe, expect, it } from 'vitest';
import {
  createProject,
  createTask,
  type RealtimeWorld,
  realtimeWorldPerFile,
} from '../realtime/realtime-world.ts';
import { deleteTask, restore, restored, trashIdOf, trashOf } from './trash-world.ts';

// Issue 43, the trash: who sees it and who may restore what, and bad requests (4xx, nothing changed).

let world: RealtimeWorld;

realtimeWorldPerFile((started) => ({ world } = started));

const isDeleted = async (taskId: string) => (await world.owner.api(`/api/tasks/${taskId}`)).status === 404;

describe('the trash', () => {
  it('lists what members deleted to every member, and says who may restore each', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Listed');
    const byOwner = await createTask(world.owner, projectId, 'Deleted by the owner');
    const byMember = await createTask(world.member, projectId, 'Deleted by the member');
    await deleteTask(world.owner, byOwner);
    await deleteTask(world.member, byMember);

    const seenByMember = await trashOf(world.member, world.organizationId);
    const [second, first] = seenByMember.filter((item) => [byOwner, byMember].includes(item.task_id ?? ''));
    expect(second).toMatchObject({
      task_id: byMember,
      can_restore: true,
      deleted_by: { user_id: world.member.userId },
    });
    expect(first).toMatchObject({
      task_id: byOwner,
      can_restore: false,
      deleted_by: { user_id: world.owner.userId },
    });
    const seenByOwner = await trashOf(world.owner, world.organizationId);
    expect(
      seenByOwner
        .filter((item) => [byOwner, byMember].includes(item.task_id ?? ''))
        .map((item) => item.can_restore),
    ).toEqual([true, true]);
  });

  it('refuses a member restoring what someone else deleted (403), and lets the owner restore it', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Owned');
    const taskId = await createTask(world.owner, projectId);
    await deleteTask(world.owner, taskId);
    const trashId = await trashIdOf(world.owner, world.organizationId, taskId);

    const refused = await restore(world.member, trashId);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(TRASH_NOT_YOURS_MESSAGE);
    expect(await isDeleted(taskId)).toBe(true);

    // An owner restores what a member deleted.
    const memberTask = await createTask(world.member, projectId, 'Member made');
    await deleteTask(world.member, memberTask);
    await restored(world.owner, await trashIdOf(world.owner, world.organizationId, memberTask));
    expect(await isDeleted(memberTask)).toBe(false);
  });

  it('is 404 for an outsider, listing or restoring, and shows nothing of it', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Private');
    const taskId = await createTask(world.owner, projectId, 'Secret plan of the owner');
    await deleteTask(world.owner, taskId);
    const trashId = await trashIdOf(world.owner, world.organizationId, taskId);

    const list = await world.outsider.api(`/api/organizations/${world.organizationId}/trash`);
    expect(list.status).toBe(404);
    const refused = await restore(world.outsider, trashId);
    expect(refused.status).toBe(404);
    expect(await refused.text()).not.toContain('Secret plan');
    expect(await isDeleted(taskId)).toBe(true);
    // Their own organization's trash holds nothing of it.
    const own = await trashOf(world.outsider, world.outsiderOrganizationId);
    expect(own.some((item) => item.trash_id === trashId)).toBe(false);
  });

  it('answers a malformed id with 400, an unknown one with 404, a second restore with 404', async () => {
    expect((await world.owner.api('/api/organizations/not-an-id/trash')).status).toBe(400);
    expect((await restore(world.owner, 'not-an-id')).status).toBe(400);
    expect((await restore(world.owner, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const taskId = await createTask(world.owner, world.projectId, 'Twice');
    await deleteTask(world.owner, taskId);
    const trashId = await trashIdOf(world.owner, world.organizationId, taskId);
    await restored(world.owner, trashId);
    const again = await restore(world.owner, trashId);
    expect(again.status).toBe(404);
    expect(((await again.json()) as { code: string }).code).toBe('not_found');
    expect(await isDeleted(taskId)).toBe(false);
  });

  it('keeps sub-tasks released by a delete where they are when the task comes back', async () => {
    const parent = await createTask(world.member, world.projectId, 'Parent kept apart');
    const child = await createTask(world.member, world.projectId, 'Released child');
    const placed = await world.member.api(`/api/tasks/${child}/parent`, {
      method: 'PUT',
      body: { parent_id: parent },
    });
    expect(placed.status).toBe(200);
    await deleteTask(world.member, parent, 'keep');
    const [item] = (await trashOf(world.member, world.organizationId)).filter(
      (entry) => entry.task_id === parent,
    );
    expect(item?.tasks).toBe(1);
    const answer = await restored(world.member, item!.trash_id);
    expect(answer.task_ids).toEqual([parent]);
    const structure = (await (await world.member.api(`/api/tasks/${child}/structure`)).json()) as {
      parent: unknown;
    };
    expect(structure.parent).toBeNull();
  });
});
