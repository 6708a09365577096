import { expect, type Locator, type Page } from '@playwright/test';

export const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
export const paletteInput = (page: Page) => palette(page).getByRole('textbox', { name: 'Search' });

/** A group of the palette's results (Tasks, Projects, People, Actions). */
export const paletteGroup = (page: Page, name: string) => palette(page).getByRole('group', { name });

/** Opens the palette with Ctrl+K and waits until it takes the typing. */
export async function openPaletteWithKeys(page: Page): Promise<Locator> {
  await page.keyboard.press('Control+K');
  await expect(paletteInput(page)).toBeFocused();
  return palette(page);
}
