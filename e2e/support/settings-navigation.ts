import type { Page } from '@playwright/test';

/** Settings, then the link `name` of its navigation, as a person goes to one of its pages. */
export async function openFromSettingsNavigation(page: Page, name: string): Promise<void> {
  await page.goto('/settings/profile');
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name }).click();
}
