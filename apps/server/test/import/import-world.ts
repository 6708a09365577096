import type { ImportView, StartImportInput } from '@figgle/shared/import-schemas';
import type { ProjectExport } from '@figgle/shared/project-export-schemas';
import type { TestServer } from '@figgle/test-support/test-server';
import type { TestUser } from '@figgle/test-support/users';
import { expect } from 'vitest';

/** Sends a file to import as the browser does: its bytes as the body, its name in the query. */
export function sendImportFile(
  server: TestServer,
  user: TestUser,
  path: string,
  fileName: string,
  content: string | Uint8Array,
): Promise<Response> {
  return fetch(`${server.url}${path}?${new URLSearchParams({ file_name: fileName })}`, {
    method: 'POST',
    headers: { origin: server.url, cookie: user.cookie, 'content-type': 'application/octet-stream' },
    body: content,
  });
}

/** Sends a file to import to `path` and reads the analysed run it answers (201). */
export async function sentForImport(
  server: TestServer,
  user: TestUser,
  path: string,
  fileName: string,
  content: string,
): Promise<ImportView> {
  const response = await sendImportFile(server, user, path, fileName, content);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as ImportView;
}

/** A file sent to import into an existing project: the analysed run. */
export function analysed(
  server: TestServer,
  user: TestUser,
  projectId: string,
  fileName: string,
  content: string,
): Promise<ImportView> {
  return sentForImport(server, user, `/api/projects/${projectId}/imports`, fileName, content);
}

/** A project's Figgle export (GET export.json): a file to import again. */
export async function figgleExportOf(user: TestUser, projectId: string): Promise<ProjectExport> {
  const response = await user.api(`/api/projects/${projectId}/export.json`);
  expect(response.status).toBe(200);
  return (await response.json()) as ProjectExport;
}

/** The file's content as sent: text as it is, anything else as JSON. */
const fileText = (content: unknown) => (typeof content === 'string' ? content : JSON.stringify(content));

/**
 * A Figgle file (an export, as text or as read) sent to the organization's imports, started into a
 * new project with `input`, and read until it ends: the run as it started (its `project_id`) and
 * as it ended.
 */
export async function importAsNewProject(
  server: TestServer,
  user: TestUser,
  organizationId: string,
  file: { name: string; content: unknown },
  input: StartImportInput,
): Promise<{ started: ImportView; done: ImportView }> {
  const run = await sentForImport(
    server,
    user,
    `/api/organizations/${organizationId}/imports`,
    file.name,
    fileText(file.content),
  );
  const started = await start(user, run.import_id, input);
  return { started, done: await finished(user, run.import_id) };
}

/** A file (an export, as text or as read) sent to `path` and refused before any run (400): its message. */
export async function refusedForImport(
  server: TestServer,
  user: TestUser,
  path: string,
  file: { name: string; content: unknown },
): Promise<string> {
  const response = await sendImportFile(server, user, path, file.name, fileText(file.content));
  expect(response.status).toBe(400);
  return ((await response.json()) as { message: string }).message;
}

/** A file (an export, as text or as read) imported into an existing project, read until it ends. */
export async function importIntoProject(
  server: TestServer,
  user: TestUser,
  projectId: string,
  file: { name: string; content: unknown },
  input: StartImportInput = {},
): Promise<ImportView> {
  const run = await analysed(server, user, projectId, file.name, fileText(file.content));
  await start(user, run.import_id, input);
  return finished(user, run.import_id);
}

export async function start(user: TestUser, importId: string, input: StartImportInput): Promise<ImportView> {
  const response = await user.api(`/api/imports/${importId}/start`, { body: input });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as ImportView;
}

/** Reads the run until it is done or failed (the job runs in the server's worker). */
export async function finished(user: TestUser, importId: string, timeoutMs = 60_000): Promise<ImportView> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const response = await user.api(`/api/imports/${importId}`);
    expect(response.status).toBe(200);
    const run = (await response.json()) as ImportView;
    if (run.state === 'done' || run.state === 'failed') return run;
    if (Date.now() > until)
      throw new Error(`import still ${run.state} (${run.progress.done}/${run.progress.total})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
