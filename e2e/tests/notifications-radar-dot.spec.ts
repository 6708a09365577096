import { signUpWithOrganization } from '@figgle/test-support/api-users';
import { SAMPLE_TEAM_ID } from '@figgle/test-support/fake-figma';
import { connectFigmaTeam } from '../support/figma-setup.ts';
import { testWithFakeFigma } from '../support/figma-test.ts';
import { expect } from '../support/fixtures.ts';
import { live } from '../support/two-members.ts';

const TOKEN = 'figd_e2e-radar-dot-token-Q4r8';
const test = testWithFakeFigma(TOKEN);

test.describe('the new-activity dot', () => {
  test.use({ serviceWorkers: 'block' });

  test('a new Figma event on the radar lights the Inbox dot, and the menu button on a narrow screen', async ({
    page,
    mail,
    baseURL,
    fakeFigma,
  }) => {
    // Two people signed up through the real flows, and live updates: slow on a loaded machine.
    test.slow();
    const owner = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Rada',
      lastname: 'Watcher',
      organization: 'Radar Studio',
    });
    await connectFigmaTeam(page, baseURL, owner.organizationId, { token: TOKEN, teamId: SAMPLE_TEAM_ID });

    // Everything read: no dot.
    await page.goto('/inbox?tab=everything');
    await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
    await page.goto('/projects');
    await live(page);
    const inbox = page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: /^Inbox/ });
    await expect(inbox).toHaveAccessibleName('Inbox');

    // A plain Figma comment (no task, no change log): only the radar has it, and the dot lights.
    expect((await fakeFigma.deliverPlainComment()).status).toBe(200);
    await expect(inbox).toHaveAccessibleName(/^Inbox\s*, new activity$/, { timeout: 20_000 });

    // On a phone the sidebar is a closed drawer: the menu button carries the dot.
    await page.setViewportSize({ width: 390, height: 800 });
    const menu = page.getByRole('button', { name: /^Open navigation/ });
    await expect(menu).toHaveAccessibleName('Open navigation, new activity');
    await page.screenshot({ path: test.info().outputPath('radar-dot-390.png') });

    // The dot holds after a reload (kept by the server), and goes once Everything is shown.
    await page.reload();
    await expect(menu).toHaveAccessibleName('Open navigation, new activity');
    await page.goto('/inbox?tab=everything');
    await expect(page.getByRole('tab', { name: 'Everything' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('button', { name: /^Open navigation/ })).toHaveAccessibleName(
      'Open navigation',
    );
  });
});
