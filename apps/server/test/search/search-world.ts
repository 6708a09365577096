import type { SearchAnswer } from '@figgle/shared/search-schemas';
import type { TestUser } from '@figgle/test-support/users';

/** Helpers for the search tests: everything is written through the public API, as people do. */
async function json<T>(response: Response, status: number): Promise<T> {
  if (response.status !== status)
    throw new Error(`expected ${status}, got ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

export { createProject } from '../support/projects.ts';

export interface CreatedTask {
  task_id: string;
  reference: number;
}

export async function createTask(
  user: TestUser,
  projectId: string,
  title: string,
  options: { description?: string; status?: string; assignee_id?: string | null } = {},
): Promise<CreatedTask> {
  const response = await user.api(`/api/projects/${projectId}/tasks`, { body: { title, ...options } });
  return json<CreatedTask>(response, 201);
}

export type DeltaOps = Array<{ insert: unknown; attributes?: Record<string, unknown> }>;

export async function setDescription(user: TestUser, taskId: string, ops: DeltaOps): Promise<void> {
  await json(
    await user.api(`/api/tasks/${taskId}/content`, { method: 'PATCH', body: { content_json: { ops } } }),
    200,
  );
}

export async function addComment(user: TestUser, taskId: string, ops: DeltaOps): Promise<string> {
  const response = await user.api(`/api/tasks/${taskId}/comments`, { body: { content_json: { ops } } });
  return (await json<{ comment_id: string }>(response, 201)).comment_id;
}

export type SearchParams = Record<string, string | number | undefined>;

export function searchPath(params: SearchParams): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) query.set(name, String(value));
  return `/api/search?${query.toString()}`;
}

/** GET /api/search as `user`; fails the test on anything but a 200. */
export async function search(user: TestUser, params: SearchParams): Promise<SearchAnswer> {
  return json<SearchAnswer>(await user.api(searchPath(params)), 200);
}

/** The marked parts of a marked text, as the web app would highlight them. */
export function markedWords(marked: { text: string; marks: Array<[number, number]> }): string[] {
  return marked.marks.map(([start, end]) => marked.text.slice(start, end));
}
