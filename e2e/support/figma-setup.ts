import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * Set-up of the Figma journeys through the API, as the user signed in on `page` (same Origin as the
 * web app), for tests whose subject comes after it.
 */

/** The user's personal token saved, then the organization's team connected with its webhook live. */
export async function connectFigmaTeam(
  page: Page,
  baseURL: string,
  organizationId: string,
  figma: { token: string; teamId: string },
): Promise<void> {
  const headers = { origin: baseURL };
  const token = await page.request.put('/api/me/figma-token', { headers, data: { token: figma.token } });
  expect(token.status()).toBe(200);
  const team = await page.request.put(`/api/organizations/${organizationId}/figma-team`, {
    headers,
    data: { figma_team_id: figma.teamId },
  });
  expect(((await team.json()) as { webhook_live: boolean }).webhook_live).toBe(true);
}

export async function linkFigmaFile(page: Page, baseURL: string, projectId: string, fileKey: string) {
  const link = await page.request.post('/api/design-links', {
    headers: { origin: baseURL },
    data: { figma_file_id: fileKey, project_id: projectId },
  });
  expect(link.status()).toBe(201);
}
