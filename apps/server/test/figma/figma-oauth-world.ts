import { FakeFigma } from '@figgle/test-support/fake-figma';
import { FAKE_OAUTH_CLIENT_ID, FAKE_OAUTH_CLIENT_SECRET } from '@figgle/test-support/fake-figma-oauth';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import { startTestServer } from '@figgle/test-support/test-server';
import type { TestUser } from '@figgle/test-support/users';
import type { DrivenClock } from '../../src/clock/clock.ts';
import { createOrganizationWorld } from '../organizations/organizations-world.ts';
import type { FigmaWorld } from './figma-world.ts';

/** A Figgle server with an OAuth app whose Figma (API and authorization page) is the fake. */
export async function startOAuthWorld(mail: MailCatcher, clock?: DrivenClock): Promise<FigmaWorld> {
  const figma = await new FakeFigma().start();
  const server = await startTestServer(
    {
      SMTP_URL: mail.url,
      FIGMA_API_URL: figma.url,
      FIGMA_OAUTH_URL: `${figma.url}/oauth`,
      FIGMA_OAUTH_CLIENT_ID: FAKE_OAUTH_CLIENT_ID,
      FIGMA_OAUTH_CLIENT_SECRET: FAKE_OAUTH_CLIENT_SECRET,
    },
    clock ? { clock } : {},
  );
  const world = await createOrganizationWorld(server, mail, 'Acme Design');
  return { ...world, server, figma, projectId: '' };
}

/** "Connect with Figma" as the browser does it, up to Figma's redirect back (not followed). */
export async function authorizeOnFigma(
  world: Pick<FigmaWorld, 'figma' | 'organizationId'>,
  owner: TestUser,
  decision: 'allow' | 'deny' = 'allow',
): Promise<{ callback: string; state: string }> {
  const started = await owner.api(`/api/organizations/${world.organizationId}/figma-oauth`, {
    method: 'POST',
  });
  if (started.status !== 200) throw new Error(`start failed: ${started.status} ${await started.text()}`);
  const authorizeUrl = new URL(((await started.json()) as { authorize_url: string }).authorize_url);
  const page = await fetch(authorizeUrl);
  if (page.status !== 200) throw new Error(`Figma's page answered ${page.status}`);
  const state = authorizeUrl.searchParams.get('state') ?? '';
  const decided = await fetch(`${world.figma.url}/oauth/decide`, {
    method: 'POST',
    body: new URLSearchParams({
      redirect_uri: authorizeUrl.searchParams.get('redirect_uri') ?? '',
      state,
      decision,
    }),
    redirect: 'manual',
  });
  return { callback: decided.headers.get('location') ?? '', state };
}

/** The callback as a browser with `cookie` opens it. */
export function followCallback(callback: string, cookie: string): Promise<Response> {
  return fetch(callback, { headers: { cookie }, redirect: 'manual' });
}

/** The whole flow for the owner: connected, or throws. */
export async function connectWithOAuth(world: Pick<FigmaWorld, 'figma' | 'organizationId' | 'owner'>) {
  const { callback } = await authorizeOnFigma(world, world.owner);
  const answer = await followCallback(callback, world.owner.cookie);
  if (answer.status !== 200) throw new Error(`callback answered ${answer.status}: ${await answer.text()}`);
}
