import { expect, test } from '../support/fixtures.ts';

test('the login page links to the privacy policy and the terms of service, each a page of its own', async ({
  page,
}) => {
  await page.goto('/login');
  for (const [link, heading] of [
    ['Privacy Policy', 'Privacy Policy'],
    ['Terms of Service', 'Terms of Service'],
  ] as const) {
    const opened = page.waitForEvent('popup');
    await page.getByRole('link', { name: link, exact: true }).click();
    const legal = await opened;
    await expect(legal.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    await expect(legal).toHaveTitle(`${heading} · Figgle`);
    await legal.close();
  }
});
