import { FakeFigma, SAMPLE_FILE_KEY, SAMPLE_TEAM_ID } from '@figgle/test-support/fake-figma';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import { startTestServer, type TestServer } from '@figgle/test-support/test-server';
import { startMailCatcher } from '@figgle/test-support/users';
import { afterAll, beforeAll } from 'vitest';
import { createOrganizationWorld, type OrganizationWorld } from '../organizations/organizations-world.ts';
import { eventually as waitUntil } from '../support/eventually.ts';
import { createProject } from '../support/projects.ts';

export const OWNER_TOKEN = 'figd_owner-personal-token-7Qx9a1b2';

export interface FigmaWorld extends OrganizationWorld {
  server: TestServer;
  figma: FakeFigma;
  projectId: string;
}

/** A Figgle server whose FIGMA_API_URL is the fake Figma, and an organization with one project. */
export async function startFigmaWorld(mail: MailCatcher): Promise<FigmaWorld> {
  const figma = await new FakeFigma({ tokens: [OWNER_TOKEN] }).start();
  const server = await startTestServer({ SMTP_URL: mail.url, FIGMA_API_URL: figma.url });
  const world = await createOrganizationWorld(server, mail, 'Acme Design');
  const projectId = await createProject(world.owner, world.organizationId, 'Checkout', 'CHK');
  return { ...world, server, figma, projectId };
}

export { createProject };

/** The owner's token saved, the team connected (a webhook registered in the fake), the sample file linked. */
export async function connectFigma(
  world: Pick<FigmaWorld, 'owner' | 'organizationId' | 'projectId'>,
): Promise<void> {
  const token = await world.owner.api('/api/me/figma-token', { method: 'PUT', body: { token: OWNER_TOKEN } });
  if (token.status !== 200) throw new Error(`token not saved: ${await token.text()}`);
  const team = await world.owner.api(`/api/organizations/${world.organizationId}/figma-team`, {
    method: 'PUT',
    body: { figma_team_id: SAMPLE_TEAM_ID },
  });
  const saved = (await team.json()) as { webhook_live: boolean; webhook_error: string | null };
  if (!saved.webhook_live) throw new Error(`webhook not registered: ${saved.webhook_error}`);
  const link = await world.owner.api('/api/design-links', {
    body: { figma_file_id: SAMPLE_FILE_KEY, project_id: world.projectId },
  });
  if (link.status !== 201) throw new Error(`link not created: ${await link.text()}`);
}

/**
 * Polls until `read` gives something truthy: deliveries are processed after the answer. The shared
 * `eventually` with a shorter wait: 10 s by default.
 */
export function eventually<T>(
  read: () => Promise<T>,
  what: string,
  timeoutMs = 10_000,
): Promise<NonNullable<T>> {
  return waitUntil(read, what, timeoutMs);
}

export async function stopFigmaWorld(world: FigmaWorld | undefined): Promise<void> {
  await world?.server.close();
  await world?.figma.stop();
}

/**
 * Before the file's tests: a mail catcher and a `FigmaWorld` (with the owner's token and team
 * saved when `connected`), handed to `started`; after them, both stopped. The file's own
 * `beforeAll` hooks run after this one.
 */
export function figmaWorldPerFile(
  started: (file: { mail: MailCatcher; world: FigmaWorld }) => void,
  { connected }: { connected: boolean },
): void {
  let mail: MailCatcher | undefined;
  let world: FigmaWorld | undefined;
  beforeAll(async () => {
    mail = await startMailCatcher();
    world = await startFigmaWorld(mail);
    if (connected) await connectFigma(world);
    started({ mail, world });
  });
  afterAll(async () => {
    await stopFigmaWorld(world);
    await mail?.stop();
  });
}
