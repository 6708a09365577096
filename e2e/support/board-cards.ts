import type { Locator, Page } from '@playwright/test';

/** The titles of a board column's cards, top to bottom. */
export async function cardsIn(page: Page, column: string): Promise<string[]> {
  const labels = await page
    .getByRole('region', { name: column })
    .getByRole('article')
    .evaluateAll((cards) =>
      cards
        .map((card) => ({
          label: card.getAttribute('aria-label') ?? '',
          top: card.getBoundingClientRect().top,
        }))
        .sort((a, b) => a.top - b.top)
        .map((card) => card.label),
    );
  return labels.map((label) => label.replace(/^\S+\s/, ''));
}

/** A mouse drag as a person does it: press on the card, move in small steps, release at the column's end. */
export async function dragToColumnEnd(page: Page, card: Locator, column: Locator) {
  const from = (await card.boundingBox())!;
  const to = (await column.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + 14);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 8, from.y + 24, { steps: 4 });
  const y = to.y + to.height - 6;
  await page.mouse.move(to.x + to.width / 2, y, { steps: 20 });
  await page.mouse.move(to.x + to.width / 2, y + 2, { steps: 3 });
  await page.mouse.up();
}
