import { signUpWithOrganization } from '@figgle/test-support/api-users';
import { expect, test } from '../support/fixtures.ts';
import {
  fadeSeen,
  filtersButton,
  openFilters,
  rowTitles,
  seedProject,
  watchFadeOut,
} from './filters-support.ts';

// With motion: the fade-out of a row that stops matching is part of what is proved.
test.use({ reducedMotion: 'no-preference' });

test.describe('filters on the task list and My tasks', () => {
  test('the list filters by status, assignee and text, keeps them on reload, and clears', async ({
    page,
    mail,
    baseURL,
  }) => {
    const user = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Lou',
      lastname: 'List',
      organization: 'Rows',
    });
    const { projectId } = await seedProject(page, baseURL, user.organizationId, {
      name: 'Website',
      trigram: 'WEB',
      tasks: [
        { title: 'Café menu', mine: true },
        { title: 'Cafe hours' },
        { title: 'Contact form', status: 'DOING' },
        { title: 'Press kit', status: 'DONE', mine: true },
      ],
    });
    await page.goto(`/project/${projectId}/list`);
    await expect
      .poll(() => rowTitles(page))
      .toEqual(['Cafe hours', 'Café menu', 'Contact form', 'Press kit']);

    const popover = await openFilters(page);
    // Accents and case do not matter.
    await popover.getByRole('textbox', { name: 'Text' }).fill('CAFE');
    await expect.poll(() => rowTitles(page)).toEqual(['Cafe hours', 'Café menu']);
    await popover.getByRole('checkbox', { name: 'Nobody' }).check();
    await expect.poll(() => rowTitles(page)).toEqual(['Cafe hours']);
    await popover.getByRole('checkbox', { name: 'Nobody' }).uncheck();
    await popover.getByRole('textbox', { name: 'Text' }).fill('');
    await popover.getByRole('checkbox', { name: 'Done' }).check();
    await popover.getByRole('checkbox', { name: 'Doing' }).check();
    await page.keyboard.press('Escape');
    await expect.poll(() => rowTitles(page)).toEqual(['Contact form', 'Press kit']);
    await expect(page.getByRole('status').filter({ hasText: '2 of 4 tasks' })).toBeVisible();
    await expect(page).toHaveURL(/[?&]status=DOING%2CDONE(&|$)/);

    await page.reload();
    await expect.poll(() => rowTitles(page)).toEqual(['Contact form', 'Press kit']);
    await expect(filtersButton(page)).toHaveAccessibleName('Filters, 1 on');

    // A reference finds its task.
    const again = await openFilters(page);
    await again.getByRole('textbox', { name: 'Text' }).fill('#4');
    await page.keyboard.press('Escape');
    await expect.poll(() => rowTitles(page)).toEqual(['Press kit']);
    await expect(page.getByRole('status').filter({ hasText: '1 of 4 tasks' })).toBeVisible();

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => rowTitles(page)).toHaveLength(4);
    await expect(page).toHaveURL(new RegExp(`/project/${projectId}/list$`));

    // Nothing matches: the list says so.
    await page.goto(`/project/${projectId}/list?q=nothing-like-this`);
    await expect(page.getByText('No task matches these filters.')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: '0 of 4 tasks' })).toBeVisible();
  });

  test('j and k move the selection in the list, Enter opens it, and neither fires in a field', async ({
    page,
    mail,
    baseURL,
  }) => {
    const user = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Jay',
      lastname: 'Kay',
      organization: 'Keys',
    });
    const { projectId, ids } = await seedProject(page, baseURL, user.organizationId, {
      name: 'Keys',
      trigram: 'KEY',
      tasks: [{ title: 'First' }, { title: 'Second' }, { title: 'Third' }],
    });
    await page.goto(`/project/${projectId}/list`);
    await expect.poll(() => rowTitles(page)).toEqual(['First', 'Second', 'Third']);
    const selected = page.locator('tr[aria-current="true"]');
    await expect(selected).toHaveCount(0);

    await page.keyboard.press('j');
    await expect(selected).toContainText('First');
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await expect(selected).toContainText('Third');
    // The last stays selected.
    await page.keyboard.press('j');
    await expect(selected).toContainText('Third');
    await page.keyboard.press('k');
    await expect(selected).toContainText('Second');

    // Typed in the filters' text field, j and k are letters.
    const popover = await openFilters(page);
    const text = popover.getByRole('textbox', { name: 'Text' });
    await text.fill('');
    await text.press('j');
    await text.press('k');
    await expect(text).toHaveValue('jk');
    await text.fill('');
    await expect(selected).toContainText('Second');
    await page.keyboard.press('Escape');
    await expect(popover).toBeHidden();
    await expect.poll(() => rowTitles(page)).toEqual(['First', 'Second', 'Third']);

    // A button that kept the focus does not take the Enter meant for the selection.
    await filtersButton(page).focus();
    await page.keyboard.press('k');
    await expect(selected).toContainText('First');
    await page.keyboard.press('j');
    await expect(selected).toContainText('Second');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/task/${ids.Second}$`));
  });

  test('a row that stops matching after a live change fades out', async ({ page, mail, baseURL }) => {
    const user = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Fay',
      lastname: 'Fade',
      organization: 'Gone',
    });
    const { projectId, ids } = await seedProject(page, baseURL, user.organizationId, {
      name: 'Fade list',
      trigram: 'FDL',
      tasks: [{ title: 'Kept' }, { title: 'Renamed away' }],
    });
    await page.goto(`/project/${projectId}/list?q=away`);
    await expect.poll(() => rowTitles(page)).toEqual(['Renamed away']);
    await expect(page.locator('html')).toHaveAttribute('data-realtime', 'open');
    await watchFadeOut(page, `tr:has(a[href="/task/${ids['Renamed away']}"])`);
    // A first live change that still matches proves the list hears the project's events (the socket
    // being open does not say its topic is subscribed yet).
    const touched = await page.request.patch(`/api/tasks/${ids['Renamed away']}`, {
      headers: { origin: baseURL },
      data: { title: 'Renamed away soon' },
    });
    expect(touched.status()).toBe(200);
    await expect.poll(() => rowTitles(page)).toEqual(['Renamed away soon']);

    const rename = await page.request.patch(`/api/tasks/${ids['Renamed away']}`, {
      headers: { origin: baseURL },
      data: { title: 'Renamed here' },
    });
    expect(rename.status()).toBe(200);
    await expect.poll(() => rowTitles(page)).toEqual([]);
    const seen = await fadeSeen(page);
    expect(seen.fadedAt).toBeGreaterThan(0);
    // It was drawn fading, not dropped at once, and then it left.
    expect(seen.fadingFrames).toBeGreaterThan(0);
    expect(seen.goneAt).toBeGreaterThan(seen.fadedAt);
    expect(seen.goneAt - seen.fadedAt).toBeLessThan(1500);
  });

  test('My tasks filters its cards, and j, k and Enter walk and open them', async ({
    page,
    mail,
    baseURL,
  }) => {
    const user = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Mia',
      lastname: 'Mine',
      organization: 'Personal',
    });
    const { ids } = await seedProject(page, baseURL, user.organizationId, {
      name: 'Checkout',
      trigram: 'CHE',
      tasks: [
        { title: 'Pay button', mine: true },
        { title: 'Not mine' },
        { title: 'Receipt email', status: 'DOING', mine: true },
      ],
    });
    const onboarding = await seedProject(page, baseURL, user.organizationId, {
      name: 'Onboarding',
      trigram: 'ONB',
      tasks: [{ title: 'Welcome email', mine: true }],
    });
    await page.goto('/my-tasks');
    const toDo = page.getByRole('region', { name: 'To Do' });
    await expect(toDo.getByRole('article')).toHaveCount(2);

    const popover = await openFilters(page);
    // Every task here is the viewer's: no assignee filter.
    await expect(popover.getByText('Assignee')).toHaveCount(0);
    await expect(popover.getByRole('checkbox', { name: 'Nobody' })).toHaveCount(0);
    await popover.getByRole('textbox', { name: 'Text' }).fill('email');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('status').filter({ hasText: '2 of 3 tasks' })).toBeVisible();
    await expect(toDo.getByRole('article')).toHaveCount(1);
    await expect(toDo.getByRole('article', { name: 'ONB-1 Welcome email' })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: '2 of 3 tasks' })).toBeVisible();
    // Its project's reference finds a task too.
    await page.goto('/my-tasks?q=che-1');
    await expect(page.getByRole('status').filter({ hasText: '1 of 3 tasks' })).toBeVisible();
    await expect(toDo.getByRole('article', { name: 'CHE-1 Pay button' })).toBeVisible();

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByRole('article')).toHaveCount(3);
    // Column by column, top to bottom: To Do's two cards, then Doing's.
    const selected = page.locator('li[aria-current="true"] article');
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await expect(selected).toHaveAttribute('aria-label', 'CHE-3 Receipt email');
    await page.keyboard.press('k');
    await page.keyboard.press('k');
    await expect(selected).toHaveAttribute('aria-label', /Pay button|Welcome email/);
    const first = (await selected.getAttribute('aria-label')) ?? '';
    await page.keyboard.press('Enter');
    const opened = first.includes('Pay button') ? ids['Pay button'] : onboarding.ids['Welcome email'];
    await expect(page).toHaveURL(new RegExp(`/task/${opened}$`));
  });
});
