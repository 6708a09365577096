import { signUpWithOrganization } from '@figgle/test-support/api-users';
import { cardsIn } from '../support/board-cards.ts';
import { expect, test } from '../support/fixtures.ts';
import { liftFocusedCard } from '../support/keyboard.ts';
import { fadeSeen, filtersButton, openFilters, seedProject, watchFadeOut } from './filters-support.ts';

// With motion: the fade-out of a card that stops matching is part of what is proved.
test.use({ reducedMotion: 'no-preference' });

test.describe('filters on the board', () => {
  test('a filtered board shows "n of m tasks", survives a reload and a shared link, and clears', async ({
    page,
    mail,
    baseURL,
  }) => {
    const user = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Fran',
      lastname: 'Filter',
      organization: 'Sieve',
    });
    const { projectId } = await seedProject(page, baseURL, user.organizationId, {
      name: 'Brand',
      trigram: 'BRD',
      tasks: [
        { title: 'Logo sketch', mine: true },
        { title: 'Footer links' },
        { title: 'Logo colours', status: 'DOING', mine: true },
        { title: 'Header menu', status: 'DONE' },
      ],
    });
    await page.goto(`/project/${projectId}/kanban`);
    await expect.poll(() => cardsIn(page, 'To Do')).toEqual(['Logo sketch', 'Footer links']);
    await expect(page.getByText(/ of 4 tasks/)).toHaveCount(0);

    const popover = await openFilters(page);
    await popover.getByRole('checkbox', { name: 'Me', exact: true }).check();
    await page.keyboard.press('Escape');
    await expect(popover).toBeHidden();

    await expect(page.getByRole('status').filter({ hasText: '2 of 4 tasks' })).toBeVisible();
    await expect(filtersButton(page)).toHaveAccessibleName('Filters, 1 on');
    await expect(page).toHaveURL(/[?&]assignee=me(&|$)/);
    await expect.poll(() => cardsIn(page, 'To Do')).toEqual(['Logo sketch']);
    await expect.poll(() => cardsIn(page, 'Doing')).toEqual(['Logo colours']);
    await expect.poll(() => cardsIn(page, 'Done')).toEqual([]);

    // A text filter narrows further: both must match.
    const again = await openFilters(page);
    await again.getByRole('textbox', { name: 'Text' }).fill('colours');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('status').filter({ hasText: '1 of 4 tasks' })).toBeVisible();
    await expect.poll(() => cardsIn(page, 'To Do')).toEqual([]);
    await expect.poll(() => cardsIn(page, 'Doing')).toEqual(['Logo colours']);

    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: '1 of 4 tasks' })).toBeVisible();
    await expect.poll(() => cardsIn(page, 'Doing')).toEqual(['Logo colours']);
    await expect.poll(() => cardsIn(page, 'To Do')).toEqual([]);
    const reopened = await openFilters(page);
    await expect(reopened.getByRole('checkbox', { name: 'Me', exact: true })).toBeChecked();
    await expect(reopened.getByRole('textbox', { name: 'Text' })).toHaveValue('colours');
    await page.keyboard.press('Escape');

    // The address is the view: opened elsewhere, it shows the same.
    const shared = await page.context().newPage();
    await shared.goto(page.url());
    await expect(shared.getByRole('status').filter({ hasText: '1 of 4 tasks' })).toBeVisible();
    await expect.poll(() => cardsIn(shared, 'Doing')).toEqual(['Logo colours']);
    await shared.close();

    // The list view keeps the filters.
    await page.getByRole('link', { name: 'List view' }).click();
    await expect(page).toHaveURL(/\/list\?.*assignee=me/);
    await expect(page.getByRole('status').filter({ hasText: '1 of 4 tasks' })).toBeVisible();
    await page.getByRole('link', { name: 'Kanban view' }).click();

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => cardsIn(page, 'To Do')).toEqual(['Logo sketch', 'Footer links']);
    await expect.poll(() => cardsIn(page, 'Done')).toEqual(['Header menu']);
    await expect(page.getByText(/ of 4 tasks/)).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/project/${projectId}/kanban$`));
    await expect(filtersButton(page)).toHaveAccessibleName('Filters');
  });

  test('a drag on a filtered board lands between the cards shown and persists after a reload', async ({
    page,
    mail,
    baseURL,
  }) => {
    const user = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Dora',
      lastname: 'Drag',
      organization: 'Hidden order',
    });
    const { projectId } = await seedProject(page, baseURL, user.organizationId, {
      name: 'Order',
      trigram: 'ORD',
      tasks: [
        { title: 'Hidden zero' },
        { title: 'Alpha', mine: true },
        { title: 'Hidden one' },
        { title: 'Bravo', mine: true },
        { title: 'Hidden two' },
        { title: 'Charlie', mine: true },
        { title: 'Hidden doing', status: 'DOING' },
        { title: 'Delta', status: 'DOING', mine: true },
        { title: 'Hidden doing too', status: 'DOING' },
      ],
    });
    // Opened from a link that carries the filter.
    await page.goto(`/project/${projectId}/kanban?assignee=me`);
    await expect.poll(() => cardsIn(page, 'To Do')).toEqual(['Alpha', 'Bravo', 'Charlie']);
    await expect(page.getByRole('status').filter({ hasText: '4 of 9 tasks' })).toBeVisible();

    // Charlie goes up one place, between Alpha and Bravo (hidden cards lie between them).
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/kanban-update'));
    await page.getByRole('button', { name: 'Move Charlie' }).focus();
    await liftFocusedCard(page);
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => cardsIn(page, 'To Do')).toEqual(['Alpha', 'Charlie', 'Bravo']);
    await page.keyboard.press('Space');
    expect((await saved).status()).toBe(200);
    await expect.poll(() => cardsIn(page, 'To Do')).toEqual(['Alpha', 'Charlie', 'Bravo']);

    // Alpha is dragged by mouse into Doing, below Delta: after Delta, before the hidden card that follows.
    const moved = page.waitForResponse((response) => response.url().endsWith('/api/kanban-update'));
    const card = (await page.getByRole('article', { name: '#2 Alpha' }).boundingBox())!;
    const delta = (await page.getByRole('article', { name: '#8 Delta' }).boundingBox())!;
    // Aimed by Delta's own geometry, whatever the cards' height: the card is held 14 px below its
    // top and goes where its top lies just under Delta's bottom (the end of Doing, where it then
    // takes its own place after Delta; over Delta itself, the sortable list would put it before).
    // It goes down first, within To Do, then straight across, so it never enters Doing above that
    // line (a slanted path entered it above Delta's middle with shorter cards).
    const grab = { x: card.x + card.width / 2, y: card.y + 14 };
    const end = { x: delta.x + delta.width / 2, y: delta.y + delta.height + 12 + 14 };
    await page.mouse.move(grab.x, grab.y);
    await page.mouse.down();
    for (let step = 1; step <= 6; step++)
      await page.mouse.move(grab.x, grab.y + ((end.y - grab.y) * step) / 6);
    for (let step = 1; step <= 10; step++)
      await page.mouse.move(grab.x + ((end.x - grab.x) * step) / 10, end.y);
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    await expect.poll(() => cardsIn(page, 'Doing')).toEqual(['Delta', 'Alpha']);
    await page.mouse.up();
    expect((await moved).status()).toBe(200);

    await page.reload();
    await expect.poll(() => cardsIn(page, 'To Do')).toEqual(['Charlie', 'Bravo']);
    await expect.poll(() => cardsIn(page, 'Doing')).toEqual(['Delta', 'Alpha']);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect
      .poll(() => cardsIn(page, 'To Do'))
      .toEqual(['Hidden zero', 'Charlie', 'Hidden one', 'Bravo', 'Hidden two']);
    await expect
      .poll(() => cardsIn(page, 'Doing'))
      .toEqual(['Hidden doing', 'Delta', 'Alpha', 'Hidden doing too']);
  });

  test('a card that stops matching after a live change fades out instead of vanishing', async ({
    page,
    mail,
    baseURL,
  }) => {
    const user = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Lia',
      lastname: 'Live',
      organization: 'Fading',
    });
    const { projectId, ids } = await seedProject(page, baseURL, user.organizationId, {
      name: 'Fade',
      trigram: 'FAD',
      tasks: [{ title: 'Stays' }, { title: 'Leaves' }],
    });
    await page.goto(`/project/${projectId}/kanban?status=TODO`);
    await expect.poll(() => cardsIn(page, 'To Do')).toEqual(['Stays', 'Leaves']);
    await expect(page.locator('html')).toHaveAttribute('data-realtime', 'open');
    await watchFadeOut(page, 'li:has(> article[aria-label="#2 Leaves"])');
    // A first live change that keeps it in the column proves the board hears the project's events
    // (the socket being open does not say its topic is subscribed yet).
    const touched = await page.request.patch(`/api/tasks/${ids.Leaves}`, {
      headers: { origin: baseURL },
      data: { priority: 'HIGH' },
    });
    expect(touched.status()).toBe(200);
    await expect(page.locator('article[aria-label="#2 Leaves"]').getByText('High')).toBeVisible();

    // Someone finishes the task: the change arrives live.
    const done = await page.request.patch(`/api/tasks/${ids.Leaves}`, {
      headers: { origin: baseURL },
      data: { status: 'DONE' },
    });
    expect(done.status()).toBe(200);
    await expect.poll(() => cardsIn(page, 'To Do')).toEqual(['Stays']);
    const seen = await fadeSeen(page);
    expect(seen.fadedAt).toBeGreaterThan(0);
    // It was drawn fading, not dropped at once, and then it left.
    expect(seen.fadingFrames).toBeGreaterThan(0);
    expect(seen.goneAt).toBeGreaterThan(seen.fadedAt);
    expect(seen.goneAt - seen.fadedAt).toBeLessThan(1500);
    await expect(page.getByRole('status').filter({ hasText: '1 of 2 tasks' })).toBeVisible();
  });
});
