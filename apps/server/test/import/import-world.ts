import type { ImportView, StartImportInput } from '@figgle/shared/import-schemas';
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

export async function analysed(
  server: TestServer,
  user: TestUser,
  projectId: string,
  fileName: string,
  content: string,
): Promise<ImportView> {
  const response = await sendImportFile(
    server,
    user,
    `/api/projects/${projectId}/imports`,
    fileName,
    content,
  );
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as ImportView;
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
