import { type SignedInUser, signUpWithOrganization } from '@figgle/test-support/api-users';
import { FakeFigma, SAMPLE_TEAM_ID } from '@figgle/test-support/fake-figma';
import { type FiggleServer, startFiggleServer } from '@figgle/test-support/figgle-server';
import { connectFigmaTeam } from './figma-setup.ts';
import { test } from './fixtures.ts';

interface FigmaOwner {
  /**
   * Signs a person up on the test's page, with an organization whose Figma team (`teamId`, the fake's
   * sample team unless given) is connected with the test's token, its webhook live.
   */
  figmaOwner: (names: {
    firstname: string;
    lastname: string;
    organization: string;
    teamId?: string;
  }) => Promise<SignedInUser>;
}

/**
 * The e2e test with each worker's Figgle talking to its own fake Figma (FIGMA_API_URL), which
 * accepts `token` as a personal token (none without it). `settings` adds to the server's environment,
 * or makes what it adds from the fake Figma's address.
 */
export function testWithFakeFigma(
  token?: string,
  settings: Record<string, string> | ((figmaUrl: string) => Record<string, string>) = {},
) {
  return test.extend<FigmaOwner, { fakeFigma: FakeFigma; figgle: FiggleServer }>({
    fakeFigma: [
      // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
      async ({}, use) => {
        const figma = await new FakeFigma({ tokens: token ? [token] : [] }).start();
        await use(figma);
        await figma.stop();
      },
      { scope: 'worker' },
    ],
    figgle: [
      async ({ mail, fakeFigma }, use) => {
        const server = await startFiggleServer({
          SMTP_URL: mail.url,
          FIGMA_API_URL: fakeFigma.url,
          ...(typeof settings === 'function' ? settings(fakeFigma.url) : settings),
        });
        await use(server);
        await server.stop();
      },
      { scope: 'worker', timeout: 120_000 },
    ],
    figmaOwner: async ({ page, mail, baseURL }, use) => {
      await use(async ({ teamId = SAMPLE_TEAM_ID, ...names }) => {
        if (!token) throw new Error('figmaOwner needs the test made with a token');
        const owner = await signUpWithOrganization(page, mail, baseURL, names);
        await connectFigmaTeam(page, baseURL, owner.organizationId, { token, teamId });
        return owner;
      });
    },
  });
}
