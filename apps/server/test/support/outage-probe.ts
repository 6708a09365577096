import type { TestUser } from '@figgle/test-support/users';

export interface ProbeAnswer {
  request: string;
  status: number;
  body: unknown;
  elapsedMs: number;
}

/**
 * The requests a person's browser keeps making, sent while the database is away: reads, writes,
 * the session lookup and the health check. Each answer is timed.
 */
export async function probeWhileDown(
  user: TestUser,
  ids: { projectId: string; taskId: string },
): Promise<ProbeAnswer[]> {
  const requests: Array<[string, string, unknown]> = [
    ['GET /api/me', '/api/me', undefined],
    ['GET project tasks', `/api/projects/${ids.projectId}/tasks`, undefined],
    ['GET task', `/api/tasks/${ids.taskId}`, undefined],
    ['PATCH task', `/api/tasks/${ids.taskId}`, { title: 'Written while down' }],
    ['POST task', `/api/projects/${ids.projectId}/tasks`, { title: 'Created while down' }],
    ['GET /healthz', '/healthz', undefined],
    ['POST sign-in', '/api/auth/sign-in/email', { email: user.email, password: user.password }],
  ];
  return Promise.all(
    requests.map(async ([request, path, body]) => {
      const started = performance.now();
      const method = request.split(' ')[0]!;
      const response = await user.api(path, { method, body });
      const parsed = await response.json().catch(() => null);
      return { request, status: response.status, body: parsed, elapsedMs: performance.now() - started };
    }),
  );
}

/** Polls until `check` holds, or throws after `timeoutMs`; resolves with the time it took. */
export async function waitUntil(
  check: () => Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await check().catch(() => false)) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
