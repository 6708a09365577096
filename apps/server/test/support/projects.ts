import type { TestUser } from '@figgle/test-support/users';
import { expect } from 'vitest';

/**
 * A project made through the API as `user` in `organizationId` (201): its id. The trigram is the
 * name's first three letters unless given (the server writes it upper case); `more` adds fields to
 * the body (an emoji, a description).
 */
export async function createProject(
  user: TestUser,
  organizationId: string,
  name = 'Board',
  trigram = name.slice(0, 3),
  more: Record<string, unknown> = {},
): Promise<string> {
  const response = await user.api('/api/projects', {
    body: { name, trigram, organization_id: organizationId, ...more },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { project_id: string }).project_id;
}
