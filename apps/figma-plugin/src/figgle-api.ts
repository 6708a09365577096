import type { Connection } from './messages.ts';

/** What the plugin reads of Figgle's answers (packages/shared: projectViewSchema, linkedTaskSchema). */
export interface Project {
  project_id: string;
  name: string;
  organization: { name: string };
}
export type TaskStatus = 'TODO' | 'DOING' | 'DONE' | 'ARCHIVE';
export interface LinkedTask {
  task_id: string;
  project_name: string;
  reference: string;
  title: string;
  status: TaskStatus;
  assignee: { firstname: string; lastname: string } | null;
  due_on: string | null;
  due_at: string | null;
  node_id: string;
  url: string;
}
interface CreatedTask {
  task_id: string;
}
interface Upload {
  url: string;
}

export const STATUS_LABELS: Record<TaskStatus, string> = {
  TODO: 'To Do',
  DOING: 'Doing',
  DONE: 'Done',
  ARCHIVE: 'Archive',
};

/** A refusal from Figgle, with its message in Figgle's words; 0 when the server could not be reached. */
export class FiggleError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The address as typed, without a trailing slash: "figgle.example.com" gets https://. */
export function normalizeServerUrl(input: string): string | null {
  const text = input.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname) return null;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/**
 * One call to Figgle with the API token, never with a cookie (credentials: 'omit'): the server
 * answers the plugin's iframe, whose Origin is `null`, only for token requests (docs/threat-model.md).
 */
async function call<T>(
  connection: Connection,
  path: string,
  init: { method?: string; body?: unknown; form?: FormData } = {},
): Promise<T> {
  const headers: Record<string, string> = { authorization: `Bearer ${connection.token}` };
  let body: BodyInit | undefined;
  if (init.form) body = init.form;
  else if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  let response: Response;
  try {
    response = await fetch(`${connection.serverUrl}${path}`, {
      method: init.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      credentials: 'omit',
    });
  } catch {
    throw new FiggleError(
      0,
      `Figgle cannot be reached at ${connection.serverUrl}. Check the address and your connection.`,
    );
  }
  const answer = (await response.json().catch(() => null)) as { message?: string } | null;
  if (response.status === 401) {
    throw new FiggleError(401, 'Figgle refused this API token: it may have been revoked. Paste a new one.');
  }
  if (!response.ok)
    throw new FiggleError(response.status, answer?.message ?? `Figgle answered ${response.status}.`);
  return answer as T;
}

export const listProjects = (connection: Connection) => call<Project[]>(connection, '/api/projects');

export const listLinkedTasks = (connection: Connection, fileKey: string, nodeIds: string[]) =>
  call<LinkedTask[]>(
    connection,
    `/api/figma/linked-tasks?file_key=${encodeURIComponent(fileKey)}&node_ids=${encodeURIComponent(nodeIds.join(','))}`,
  );

export const createTask = (connection: Connection, projectId: string, title: string) =>
  call<CreatedTask>(connection, `/api/projects/${encodeURIComponent(projectId)}/tasks`, { body: { title } });

/** The link Figma's "Copy link to selection" gives: the node id is written with `-` for `:`. */
export function figmaNodeUrl(fileKey: string, nodeId: string): string {
  const nodeParam = nodeId
    .split(';')
    .map((part) => part.replace(':', '-'))
    .join(';');
  return `https://www.figma.com/design/${fileKey}/?node-id=${encodeURIComponent(nodeParam)}`;
}

export const linkNode = (connection: Connection, taskId: string, fileKey: string, nodeId: string) =>
  call<unknown>(connection, `/api/tasks/${encodeURIComponent(taskId)}/figma-nodes`, {
    body: { url: figmaNodeUrl(fileKey, nodeId) },
  });

/** The frame's PNG in the task's attachments folder, then shown in its description. */
export async function attachImage(
  connection: Connection,
  taskId: string,
  name: string,
  bytes: Uint8Array,
): Promise<void> {
  const form = new FormData();
  // The server checks the folder before it reads the file: the fields come first.
  form.set('folder', `tasks/${taskId}`);
  form.set('kind', 'image');
  form.set(
    'file',
    new Blob([bytes as BlobPart], { type: 'image/png' }),
    `${name.slice(0, 100) || 'frame'}.png`,
  );
  const upload = await call<Upload>(connection, '/api/uploads', { form });
  await call<unknown>(connection, `/api/tasks/${encodeURIComponent(taskId)}/content`, {
    method: 'PATCH',
    body: {
      content_json: {
        ops: [{ insert: { image: upload.url }, attributes: { alt: name.slice(0, 200) } }, { insert: '\n' }],
      },
    },
  });
}

export const changeStatus = (connection: Connection, taskId: string, status: TaskStatus) =>
  call<unknown>(connection, `/api/tasks/${encodeURIComponent(taskId)}`, {
    method: 'PATCH',
    body: { status },
  });

/** "Figma file link" pasted by the person: the key of /file/, /design/ or /proto/ addresses. */
export function fileKeyFromLink(input: string): string | null {
  const match = /figma\.com\/(?:file|design|proto|board)\/([A-Za-z0-9]{10,128})/.exec(input.trim());
  return match?.[1] ?? null;
}
