import { signUpWithOrganization } from '@figgle/test-support/api-users';
import { expect, test } from '../support/fixtures.ts';
import { rowTitles, seedProject } from './filters-support.ts';
import { callApi, createLabel, dayFromToday } from './planning-support.ts';

const LONG_TITLE = 'Rewrite the onboarding emails so that a new person knows what to do first';

/** The page's and the list frame's overflow: neither may be wider than what it shows. */
async function widths(page: import('@playwright/test').Page) {
  return page.evaluate(() => {
    const frame = document.querySelector('table')?.parentElement;
    return {
      page: document.documentElement.scrollWidth,
      viewport: document.documentElement.clientWidth,
      frame: frame ? frame.scrollWidth - frame.clientWidth : -1,
    };
  });
}

test.describe('the task list fits its screen', () => {
  test('at 1440 px: no sideways scroll, a wide title, compact fields named on hover, a column chooser kept per person', async ({
    page,
    mail,
    baseURL,
  }) => {
    // Two schemes, a reload and a second person: more page loads than most journeys.
    test.slow();
    const user = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Wanda',
      lastname: 'Wide',
      organization: 'Wide rows',
    });
    const { projectId, ids } = await seedProject(page, baseURL, user.organizationId, {
      name: 'Website',
      trigram: 'WEB',
      tasks: [{ title: LONG_TITLE, mine: true }, { title: 'Press kit' }],
    });
    const design = await createLabel(page, baseURL, user.organizationId, 'Design', 'blue');
    const copy = await createLabel(page, baseURL, user.organizationId, 'Copywriting', 'green');
    await callApi(page, baseURL, 'PATCH', `/api/tasks/${ids[LONG_TITLE]}`, {
      priority: 'URGENT',
      due_on: dayFromToday(3),
    });
    await callApi(page, baseURL, 'PUT', `/api/tasks/${ids[LONG_TITLE]}/labels`, {
      label_ids: [design, copy],
    });

    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(`/project/${projectId}/list`);
      await expect.poll(() => rowTitles(page)).toEqual(['Press kit', LONG_TITLE]);
      const sizes = await widths(page);
      expect(sizes.page).toBeLessThanOrEqual(sizes.viewport);
      expect(sizes.frame).toBeLessThanOrEqual(0);
      // The title takes the free width (it had about 100 px, 12 characters, before).
      const title = page.getByRole('link', { name: new RegExp(LONG_TITLE) });
      expect((await title.boundingBox())!.width).toBeGreaterThan(340);
      const pressKit = page.getByRole('link', { name: /Press kit/ });
      expect(await pressKit.evaluate((link) => link.scrollWidth <= link.clientWidth)).toBe(true);
      // Fields are compact; their names are on hover.
      const priority = page.getByRole('combobox', { name: `Priority of ${LONG_TITLE}` });
      await expect(priority).toHaveAttribute('title', 'Priority: Urgent');
      // The icon alone on screen (the name stays in text a screen reader reads, clipped to nothing).
      const spokenName = await priority.getByText('Urgent').boundingBox();
      expect(spokenName?.width ?? 0).toBeLessThanOrEqual(1);
      const assignee = page.getByRole('combobox', { name: `Assignee of ${LONG_TITLE}` });
      await expect(assignee).toHaveAttribute('title', 'Assignee: Wanda Wide');
      await expect(page.getByRole('combobox', { name: 'Assignee of Press kit' })).toHaveAttribute(
        'title',
        'Assignee: None',
      );
      await expect(page.getByRole('listitem').filter({ hasText: 'Copywriting' })).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`list-1440-${scheme}.png`) });
    }

    // "Created at" and "Last modified" are chosen in "Columns", and kept on reload.
    await expect(page.getByRole('columnheader', { name: 'Created at' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Columns' }).click();
    const chooser = page.getByRole('dialog', { name: 'Columns' });
    await chooser.getByRole('checkbox', { name: 'Created at' }).check();
    await chooser.getByRole('checkbox', { name: 'Last modified' }).check();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('columnheader', { name: 'Created at' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Last modified' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Wanda Wide' }).first()).toBeVisible();
    const both = await widths(page);
    expect(both.page).toBeLessThanOrEqual(both.viewport);
    expect(both.frame).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath('list-1440-all-columns.png') });
    await page.reload();
    await expect(page.getByRole('columnheader', { name: 'Created at' })).toBeVisible();

    // Another person on the same browser has their own choice.
    await page.context().clearCookies();
    await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Otto',
      lastname: 'Other',
      organization: 'Other rows',
    });
    const other = await seedProject(
      page,
      baseURL,
      (await (await page.request.get('/api/organizations')).json())[0].organization_id,
      {
        name: 'Other',
        trigram: 'OTH',
        tasks: [{ title: 'Their task' }],
      },
    );
    await page.goto(`/project/${other.projectId}/list`);
    await expect.poll(() => rowTitles(page)).toEqual(['Their task']);
    await expect(page.getByRole('columnheader', { name: 'Created at' })).toHaveCount(0);
  });

  test('at 390 px: rows are stacked lines, the page is no wider than the screen, and Add a task fits', async ({
    page,
    mail,
    baseURL,
  }) => {
    test.slow();
    const user = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Nina',
      lastname: 'Narrow',
      organization: 'Narrow rows',
    });
    const { projectId, ids } = await seedProject(page, baseURL, user.organizationId, {
      name: 'Phone',
      trigram: 'PHO',
      tasks: [
        { title: LONG_TITLE, mine: true },
        { title: 'Press kit', status: 'DOING' },
      ],
    });
    await callApi(page, baseURL, 'PATCH', `/api/tasks/${ids[LONG_TITLE]}`, {
      priority: 'HIGH',
      due_on: dayFromToday(-1),
    });
    await page.setViewportSize({ width: 390, height: 844 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`/project/${projectId}/list`);
      await expect.poll(() => rowTitles(page)).toEqual(expect.arrayContaining([LONG_TITLE, 'Press kit']));
      const sizes = await widths(page);
      expect(sizes.page).toBeLessThanOrEqual(390);
      expect(sizes.frame).toBeLessThanOrEqual(0);
      // Title on its own line, the fields below it, all on screen.
      const title = page.getByRole('link', { name: new RegExp(LONG_TITLE) });
      const status = page.getByRole('combobox', { name: `Status of ${LONG_TITLE}` });
      const titleBox = (await title.boundingBox())!;
      const statusBox = (await status.boundingBox())!;
      expect(statusBox.y).toBeGreaterThanOrEqual(titleBox.y + titleBox.height - 1);
      for (const field of [
        status,
        page.getByRole('combobox', { name: `Priority of ${LONG_TITLE}` }),
        page.getByRole('combobox', { name: `Assignee of ${LONG_TITLE}` }),
      ]) {
        await expect(field).toBeInViewport({ ratio: 1 });
      }
      await page.screenshot({ path: test.info().outputPath(`list-390-${scheme}.png`), fullPage: true });

      // The pickers still work from a stacked row.
      await status.click();
      await Promise.all([
        page.waitForResponse(
          (response) => response.request().method() === 'PATCH' && response.url().includes('/api/tasks/'),
        ),
        page.getByRole('option', { name: 'Doing' }).click(),
      ]);
      await expect(page.getByRole('combobox', { name: `Status of ${LONG_TITLE}` })).toContainText('Doing');
      await callApi(page, baseURL, 'PATCH', `/api/tasks/${ids[LONG_TITLE]}`, { status: 'TODO' });

      await page.getByRole('button', { name: 'Add a task' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a task' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Create' })).toBeInViewport({ ratio: 1 });
      const dialogBox = (await dialog.boundingBox())!;
      expect(dialogBox.x).toBeGreaterThanOrEqual(0);
      expect(dialogBox.x + dialogBox.width).toBeLessThanOrEqual(390);
      await page.screenshot({ path: test.info().outputPath(`add-task-390-${scheme}.png`) });
      await dialog.getByRole('textbox', { name: 'Title' }).fill(`From the phone ${scheme}`);
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expect(dialog).toBeHidden();
      await expect.poll(() => rowTitles(page)).toContain(`From the phone ${scheme}`);
      expect((await widths(page)).page).toBeLessThanOrEqual(390);
    }
  });
});
