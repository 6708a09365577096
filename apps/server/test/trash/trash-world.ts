import type { RestoredView, TrashItemView } from '@figgle/shared/trash-schemas';
import type { TestServer } from '@figgle/test-support/test-server';
import type { TestUser } from '@figgle/test-support/users';
import { expect } from 'vitest';

// What the trash tests do over HTTP (features/trash/).

export async function trashOf(user: TestUser, organizationId: string): Promise<TrashItemView[]> {
  const response = await user.api(`/api/organizations/${organizationId}/trash`);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { items: TrashItemView[] }).items;
}

export async function deleteTask(user: TestUser, taskId: string, subtasks: 'keep' | 'delete' = 'keep') {
  const response = await user.api(`/api/tasks/${taskId}?subtasks=${subtasks}`, { method: 'DELETE' });
  expect(response.status, await response.clone().text()).toBe(204);
}

export async function trashIdOf(user: TestUser, organizationId: string, id: string): Promise<string> {
  const item = (await trashOf(user, organizationId)).find(
    (entry) => entry.task_id === id || (entry.kind === 'PROJECT' && entry.project_id === id),
  );
  expect(item, `${id} in the trash`).toBeDefined();
  return item!.trash_id;
}

export function restore(user: TestUser, trashId: string) {
  return user.api(`/api/trash/${trashId}/restore`, { method: 'POST' });
}

export async function restored(user: TestUser, trashId: string): Promise<RestoredView> {
  const response = await restore(user, trashId);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as RestoredView;
}

export async function comment(user: TestUser, taskId: string, text: string) {
  const response = await user.api(`/api/tasks/${taskId}/comments`, {
    body: { content_json: { ops: [{ insert: `${text}\n` }] } },
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

export async function setParent(user: TestUser, taskId: string, parentId: string) {
  const response = await user.api(`/api/tasks/${taskId}/parent`, {
    method: 'PUT',
    body: { parent_id: parentId },
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** A text file in the task's folder; answers its stored path. */
export async function uploadTo(server: TestServer, user: TestUser, taskId: string): Promise<string> {
  const form = new FormData();
  form.set('folder', `tasks/${taskId}`);
  form.set('file', new Blob(['kept words']), 'note.txt');
  const response = await fetch(`${server.url}/api/uploads`, {
    method: 'POST',
    headers: { origin: server.url, cookie: user.cookie },
    body: form,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const row = await server.deps.db
    .selectFrom('upload')
    .select('path')
    .where('folder', '=', `tasks/${taskId}`)
    .executeTakeFirstOrThrow();
  return row.path;
}
