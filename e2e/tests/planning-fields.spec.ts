import { signUpWithOrganization } from '@figgle/test-support/api-users';
import { expect, test } from '../support/fixtures.ts';
import { createProjectWithTask } from '../support/task-page-setup.ts';
import {
  createLabel,
  createTask,
  dayFromToday,
  pictureWithContrastCheck,
  rowTitles,
} from './planning-support.ts';

test.describe('due date, priority and labels', () => {
  test('set on the task page, shown on the list row and the board card (light, dark, 390 px), sorted by due date', async ({
    page,
    mail,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const user = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Pia',
      lastname: 'Planner',
      organization: 'Planning Co',
    });
    const { projectId, taskId } = await createProjectWithTask(page, baseURL, user.organizationId, {
      project: 'Launch',
      trigram: 'LCH',
      task: 'Write docs',
    });
    const bug = await createLabel(page, baseURL, user.organizationId, 'Bug', 'red');
    const extra = await Promise.all(
      ['Docs', 'Ops', 'Web'].map((name, index) =>
        createLabel(page, baseURL, user.organizationId, name, ['blue', 'teal', 'grape'][index]!),
      ),
    );
    // Three more tasks: one due in five days with four labels, one overdue, one without a date.
    await createTask(page, baseURL, projectId, {
      title: 'Answer mail',
      due_on: dayFromToday(5),
      label_ids: [bug, ...extra],
    });
    await createTask(page, baseURL, projectId, {
      title: 'Book room',
      due_on: dayFromToday(-1),
      priority: 'URGENT',
    });
    await createTask(page, baseURL, projectId, { title: 'Clean desk' });

    // The task page: tomorrow at 9:30, High, the existing label Bug and a new one typed in.
    await page.goto(`/task/${taskId}`);
    const details = page.getByRole('complementary', { name: 'Task details' });
    await details.getByRole('button', { name: 'Due date' }).click();
    await page.getByRole('button', { name: 'Tomorrow' }).click();
    await expect(details.getByText('Due soon')).toBeVisible();
    const time = details.getByLabel('Due time');
    await time.fill('09:30');
    await time.press('Enter');
    await expect(details.getByText('Tomorrow 9:30 AM')).toBeVisible();

    await details.getByRole('combobox', { name: 'Priority' }).click();
    await page.getByRole('option', { name: 'High' }).click();
    await expect(details.getByRole('combobox', { name: 'Priority' })).toHaveValue('High');

    const labels = details.getByRole('combobox', { name: 'Labels' });
    await labels.click();
    await page.getByRole('option', { name: 'Bug' }).click();
    await labels.fill('Design');
    await page.getByRole('option', { name: 'Create label "Design"' }).click();
    await expect(details.getByText('Design', { exact: true })).toBeVisible();
    await expect(details.getByText('Bug', { exact: true })).toBeVisible();

    // Each change has its line in the change log, in words.
    const timeline = page.getByRole('list', { name: 'Comments and changes' });
    await expect(timeline).toContainText('set the due date to');
    await expect(timeline).toContainText('changed the due date from');
    await expect(timeline).toContainText('changed the priority from None to High');
    await expect(timeline).toContainText('added the label “Bug”');
    await expect(timeline).toContainText('added the label “Design”');

    // The server kept all of it.
    await page.reload();
    await expect(details.getByText('Tomorrow 9:30 AM')).toBeVisible();
    await expect(details.getByRole('combobox', { name: 'Priority' })).toHaveValue('High');
    await expect(details.getByText('Design', { exact: true })).toBeVisible();

    // The list row: labels, priority, due date with its mark; the first three labels and "+1".
    await page.goto(`/project/${projectId}/list`);
    const row = page.getByRole('row', { name: /Write docs/ });
    await expect(row.getByRole('list', { name: 'Labels' })).toContainText('Bug');
    await expect(row.getByRole('list', { name: 'Labels' })).toContainText('Design');
    await expect(row.getByRole('combobox', { name: 'Priority of Write docs' })).toContainText('High');
    await expect(row).toContainText('Tomorrow 9:30 AM');
    await expect(row).toContainText('Due soon');
    const crowded = page.getByRole('row', { name: /Answer mail/ }).getByRole('list', { name: 'Labels' });
    await expect(crowded.getByRole('listitem')).toHaveCount(4);
    await expect(crowded.getByRole('listitem').last()).toHaveText('+1 more: Web');
    await expect(page.getByRole('row', { name: /Book room/ })).toContainText('Overdue');
    await expect(
      page.getByRole('row', { name: /Book room/ }).getByRole('combobox', { name: 'Priority of Book room' }),
    ).toContainText('Urgent');

    // Sorting: by status then title at first, by due date from its column header, kept on reload.
    await expect
      .poll(() => rowTitles(page))
      .toEqual(['Answer mail', 'Book room', 'Clean desk', 'Write docs']);
    await page.getByRole('button', { name: 'Sort by due date' }).click();
    await expect
      .poll(() => rowTitles(page))
      .toEqual(['Book room', 'Write docs', 'Answer mail', 'Clean desk']);
    await expect(page.getByRole('columnheader', { name: 'Sort by due date' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await page.reload();
    await expect
      .poll(() => rowTitles(page))
      .toEqual(['Book room', 'Write docs', 'Answer mail', 'Clean desk']);
    await page.getByRole('button', { name: 'Sort by priority' }).click();
    await expect
      .poll(() => rowTitles(page))
      .toEqual(['Book room', 'Write docs', 'Answer mail', 'Clean desk']);
    await page.getByRole('button', { name: 'Sort by priority' }).click();
    await expect
      .poll(() => rowTitles(page))
      .toEqual(['Answer mail', 'Book room', 'Clean desk', 'Write docs']);

    // The priority picker of a row saves at once.
    await page.getByRole('combobox', { name: 'Priority of Clean desk' }).click();
    await page.getByRole('option', { name: 'Low' }).click();
    await expect(page.getByRole('combobox', { name: 'Priority of Clean desk' })).toContainText('Low');

    const pictures = test.info();
    await pictureWithContrastCheck(page, row, 'row, light', pictures.outputPath('row-light.png'));

    // The board card shows the same, and its own priority picker.
    await page.getByRole('link', { name: 'Kanban view' }).click();
    const card = page.getByRole('article', { name: /Write docs$/ });
    await expect(card.getByRole('list', { name: 'Labels' })).toContainText('Design');
    await expect(card).toContainText('Tomorrow 9:30 AM');
    await expect(card).toContainText('Due soon');
    await expect(card.getByRole('combobox', { name: 'Priority of Write docs' })).toContainText('High');
    await pictureWithContrastCheck(page, card, 'card, light', pictures.outputPath('card-light.png'));
    await card.getByRole('combobox', { name: 'Priority of Write docs' }).click();
    await page.getByRole('option', { name: 'Medium' }).click();
    await expect(card.getByRole('combobox', { name: 'Priority of Write docs' })).toContainText('Medium');
    // The pick saved the task and did not open it.
    await expect(page).toHaveURL(new RegExp(`/project/${projectId}/kanban`));
    await expect
      .poll(
        async () =>
          ((await (await page.request.get(`/api/tasks/${taskId}`)).json()) as { priority: string }).priority,
      )
      .toBe('MEDIUM');

    // Dark mode.
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await pictureWithContrastCheck(page, card, 'card, dark', pictures.outputPath('card-dark.png'));
    await page.goto(`/project/${projectId}/list`);
    await pictureWithContrastCheck(
      page,
      page.getByRole('row', { name: /Write docs/ }),
      'row, dark',
      pictures.outputPath('row-dark.png'),
    );

    // A phone: the card fits the screen with its marks inside it, the list scrolls sideways.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/project/${projectId}/kanban`);
    const narrowCard = page.getByRole('article', { name: /Write docs$/ });
    await expect(narrowCard).toContainText('Due soon');
    const cardBox = (await narrowCard.boundingBox())!;
    expect(cardBox.x + cardBox.width).toBeLessThanOrEqual(390);
    for (const mark of [
      narrowCard.getByRole('list', { name: 'Labels' }),
      narrowCard.getByText('Due soon'),
      narrowCard.getByRole('combobox', { name: 'Priority of Write docs' }),
    ]) {
      const box = (await mark.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(cardBox.x);
      expect(box.x + box.width).toBeLessThanOrEqual(cardBox.x + cardBox.width + 0.5);
    }
    await pictureWithContrastCheck(page, narrowCard, 'card, 390 px', pictures.outputPath('card-390.png'));
    await page.goto(`/project/${projectId}/list`);
    const narrowRow = page.getByRole('row', { name: /Write docs/ });
    await expect(narrowRow).toContainText('Design');
    await page.screenshot({ path: pictures.outputPath('list-390.png') });
  });

  test('the Add a task dialog takes a due date, a priority and labels, a new label typed in', async ({
    page,
    mail,
    baseURL,
  }) => {
    const user = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Dan',
      lastname: 'Dialog',
      organization: 'Forms Inc',
    });
    const { projectId } = await createProjectWithTask(page, baseURL, user.organizationId, {
      project: 'Office',
      trigram: 'OFF',
      task: 'Existing',
    });
    await createLabel(page, baseURL, user.organizationId, 'Facilities', 'orange');

    await page.goto(`/project/${projectId}/list`);
    await page.getByRole('button', { name: 'Add a task' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a task' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Order chairs');
    await dialog.getByRole('button', { name: 'Due date' }).click();
    await page.getByRole('button', { name: 'In a week' }).click();
    await dialog.getByRole('combobox', { name: 'Priority' }).click();
    await page.getByRole('option', { name: 'Urgent' }).click();
    const labels = dialog.getByRole('combobox', { name: 'Labels' });
    await labels.click();
    await page.getByRole('option', { name: 'Facilities' }).click();
    await labels.fill('Budget');
    await page.getByRole('option', { name: 'Create label "Budget"' }).click();
    await expect(dialog.getByText('Budget', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();

    const row = page.getByRole('row', { name: /Order chairs/ });
    await expect(row.getByRole('combobox', { name: 'Priority of Order chairs' })).toContainText('Urgent');
    await expect(row.getByRole('list', { name: 'Labels' })).toContainText('Budget');
    await expect(row.getByRole('list', { name: 'Labels' })).toContainText('Facilities');
    const inAWeek = new Date(`${dayFromToday(7)}T12:00:00`).toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
    });
    await expect(row).toContainText(inAWeek);
  });
});
