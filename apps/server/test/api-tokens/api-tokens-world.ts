import type { ApiTokenScope, CreatedApiToken } from '@figgle/shared/api-token-schemas';
import type { TestServer } from '@figgle/test-support/test-server';
import type { TestUser } from '@figgle/test-support/users';
import { expect } from 'vitest';

/** A token made as a person does: from their browser session, in Settings. */
export async function createToken(
  user: TestUser,
  scope: ApiTokenScope = 'read-write',
  name = `Script ${scope}`,
): Promise<CreatedApiToken> {
  const response = await user.api('/api/me/api-tokens', { body: { name, scope } });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as CreatedApiToken;
}

/** A script's request: the token in Authorization, no cookie, no Origin (as curl sends it). */
export function bearer(server: TestServer, token: string) {
  return (
    path: string,
    init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Response> =>
    fetch(`${server.url}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        authorization: `Bearer ${token}`,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
}

/** The `{statusCode, code, message}` of an answer, checked against its status. */
export async function errorOf(response: Response, status: number) {
  const body = (await response.json()) as { statusCode: number; code: string; message: string };
  expect(response.status, body.message).toBe(status);
  expect(body.statusCode).toBe(status);
  return body;
}
