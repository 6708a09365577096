import { signUpWithOrganization } from '@figgle/test-support/api-users';
import { expect, test } from '../support/fixtures.ts';

/** Issue 39, item 16: a new person finds where Figma is connected, from the radar and the settings. */
test('the empty radar leads to the Figma settings, which the settings menu also lists', async ({
  page,
  mail,
  baseURL,
}) => {
  await signUpWithOrganization(page, mail, baseURL, {
    firstname: 'Fay',
    lastname: 'Finder',
    organization: 'Findable',
  });
  await page.goto('/figma-radar');
  await expect(page.getByText('once a team is connected with a Figma token in the settings')).toBeVisible();
  await page.getByRole('link', { name: 'Connect Figma' }).click();
  await expect(page).toHaveURL(/\/settings\/figma$/);
  await expect(page.getByRole('heading', { name: 'Figma', exact: true })).toBeVisible();

  const menu = page.getByRole('navigation', { name: 'Settings' });
  const entry = menu.getByRole('link', { name: 'Figma', exact: true });
  await expect(entry).toHaveAttribute('aria-current', 'page');
  await menu.getByRole('link', { name: 'API tokens' }).click();
  await entry.click();
  await expect(page).toHaveURL(/\/settings\/figma$/);
});
