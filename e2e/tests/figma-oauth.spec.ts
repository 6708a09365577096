import { signUpWithOrganization } from '@figgle/test-support/api-users';
import { FakeFigma, SAMPLE_TEAM_ID } from '@figgle/test-support/fake-figma';
import { FAKE_OAUTH_CLIENT_ID, FAKE_OAUTH_CLIENT_SECRET } from '@figgle/test-support/fake-figma-oauth';
import { type FiggleServer, startFiggleServer } from '@figgle/test-support/figgle-server';
import { test as base, expect } from '../support/fixtures.ts';
import { LAYOUTS } from '../support/looks.ts';

// Settings › Figma › Sign in with Figma (docs/figma-api.md#oauth-2-for-an-organization): an owner
// connects the organization through Figma's OAuth on the fake Figma (Connect, Allow on Figma's page,
// back on the settings connected), then disconnects. At 1440 px in light and dark mode, and at 390 px.
// The server needs an OAuth app pointing at this worker's fake Figma: a worker of its own.
const test = base.extend<object, { fakeFigma: FakeFigma; figgle: FiggleServer }>({
  fakeFigma: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
    async ({}, use) => {
      const figma = await new FakeFigma().start();
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
        FIGMA_OAUTH_URL: `${fakeFigma.url}/oauth`,
        FIGMA_OAUTH_CLIENT_ID: FAKE_OAUTH_CLIENT_ID,
        FIGMA_OAUTH_CLIENT_SECRET: FAKE_OAUTH_CLIENT_SECRET,
      });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

for (const layout of LAYOUTS) {
  test.describe(`sign in with Figma at ${layout.name}`, () => {
    test.use({ colorScheme: layout.colorScheme, viewport: layout.viewport, serviceWorkers: 'block' });

    test('an owner connects the organization through Figma, then disconnects it', async ({
      page,
      mail,
      baseURL,
      fakeFigma,
    }, testInfo) => {
      const organization = `Acme ${layout.colorScheme} ${layout.viewport.width}`;
      await signUpWithOrganization(page, mail, baseURL, {
        firstname: 'Olive',
        lastname: 'Owner',
        organization,
      });

      await page.goto('/settings/figma');
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', layout.colorScheme);
      const card = page.getByRole('region', { name: `Figma connection of ${organization}` });
      await expect(card.getByText(`Connect ${organization} to Figma with your Figma account`)).toBeVisible();
      await card.getByRole('button', { name: 'Connect with Figma' }).click();

      // Figma's page (the fake's): the state and our redirect address ride along.
      await expect(
        page.getByRole('heading', { name: 'Figgle wants to access your Figma account' }),
      ).toBeVisible();
      const authorize = new URL(page.url());
      expect(authorize.origin).toBe(fakeFigma.url);
      expect(authorize.searchParams.get('redirect_uri')).toBe(`${baseURL}/api/figma/oauth/callback`);
      await page.getByRole('button', { name: 'Allow access' }).click();

      // Back on the settings page, connected: who, and the scopes.
      await expect(page).toHaveURL(/\/settings\/figma$/);
      await expect(page.getByText('Figma is connected.')).toBeVisible();
      await expect(card.getByText(/Connected by Olive Owner on /)).toBeVisible();
      await expect(card.getByLabel('Scopes').getByText('file_comments:write')).toBeVisible();
      await expect(card.getByRole('button', { name: 'Connect with Figma' })).toBeHidden();
      expect(fakeFigma.oauth.exchanges.at(-1)?.accessToken).toMatch(/^figu_/);
      // Nothing runs off the right edge at 390 px.
      const box = await card.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(layout.viewport.width);
      await page.screenshot({
        path: testInfo.outputPath(`figma-oauth-connected-${layout.colorScheme}-${layout.viewport.width}.png`),
        fullPage: true,
      });

      await card.getByRole('button', { name: 'Disconnect' }).click();
      const dialog = page.getByRole('dialog', { name: 'Disconnect Figma?' });
      await dialog.getByRole('button', { name: 'Disconnect' }).click();
      await expect(page.getByText('Figma is disconnected.')).toBeVisible();
      await expect(card.getByRole('button', { name: 'Connect with Figma' })).toBeVisible();
      await expect(card.getByText(/Connected by/)).toBeHidden();
    });
  });
}

test.describe('sign in with Figma when Figma refuses to renew the access', () => {
  test.use({ serviceWorkers: 'block' });

  test('owners are warned on the settings page and on every page, and reconnecting ends it', async ({
    page,
    mail,
    baseURL,
    fakeFigma,
  }, testInfo) => {
    const organization = 'Acme refused';
    await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Olive',
      lastname: 'Owner',
      organization,
    });
    // Tokens that live one second, and Figma refusing every refresh (the app's access was removed).
    fakeFigma.oauth.accessLifetimeSeconds = 1;
    try {
      await page.goto('/settings/figma');
      const card = page.getByRole('region', { name: `Figma connection of ${organization}` });
      await card.getByRole('button', { name: 'Connect with Figma' }).click();
      await page.getByRole('button', { name: 'Allow access' }).click();
      await expect(card.getByText(/Connected by Olive Owner on /)).toBeVisible();
      const issued = fakeFigma.oauth.exchanges.at(-1)?.accessToken ?? '';
      fakeFigma.oauth.refuseRefresh = true;
      await expect.poll(() => fakeFigma.oauth.isExpired(issued)).toBe(true);

      // Figgle needs Figma (saving the team id registers its webhooks): the refresh is refused.
      const teamForm = page.getByRole('form', { name: `Figma team of ${organization}` });
      await teamForm.getByRole('textbox', { name: 'Team Id' }).fill(SAMPLE_TEAM_ID);
      await teamForm.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText(/connection stopped working/).first()).toBeVisible();

      await page.reload();
      await expect(card.getByRole('alert')).toContainText('Figma refused to renew the access');
      await page.screenshot({ path: testInfo.outputPath('figma-oauth-refused.png'), fullPage: true });
      await page.goto('/projects');
      await expect(page.getByTestId('figma-oauth-notice')).toContainText(
        `Figma refused to renew the access of ${organization}`,
      );

      // Reconnect from the notice: the warning goes.
      fakeFigma.oauth.refuseRefresh = false;
      fakeFigma.oauth.accessLifetimeSeconds = 90 * 24 * 3600;
      await page.getByRole('link', { name: 'Connect Figma again' }).click();
      await card.getByRole('button', { name: 'Reconnect with Figma' }).click();
      await page.getByRole('button', { name: 'Allow access' }).click();
      await expect(page.getByText('Figma is connected.')).toBeVisible();
      await expect(card.getByRole('alert')).toBeHidden();
      await expect(page.getByTestId('figma-oauth-notice')).toBeHidden();
    } finally {
      fakeFigma.oauth.refuseRefresh = false;
      fakeFigma.oauth.accessLifetimeSeconds = 90 * 24 * 3600;
    }
  });
});
