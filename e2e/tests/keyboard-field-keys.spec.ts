import { signUpWithOrganization } from '@figgle/test-support/api-users';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { expectVisibleFocus } from '../support/keyboard.ts';
import { inEachLook } from '../support/looks.ts';
import { createProjectWithTask } from '../support/task-page-setup.ts';

// Issue 39, item 15: on a task's page, s, a, p, l and d open that field's picker with the focus in
// it, i assigns the task to oneself, and Esc closes the picker, then the task. None of the keys fires
// while typing or with Ctrl, ⌘ or Alt held. The same keys act on a focused list row and a focused
// board card (a field without a picker there opens the task with that picker open). Walked at 1440 px
// in light mode and at 390 px in dark.

const details = (page: Page) => page.getByRole('complementary', { name: 'Task details' });
const field = (page: Page, name: string) => details(page).getByRole('combobox', { name, exact: true });

/** The picker `key` opens has the focus, can be seen focused, and shows its list. */
async function openWithKey(page: Page, key: string, picker: Locator) {
  await page.keyboard.press(key);
  await expect(picker).toBeFocused();
  await expectVisibleFocus(picker);
  await expect(page.getByRole('listbox')).toBeVisible();
}

/** The focus leaves the field for the page, as after a click on the page's background. */
async function leaveFields(page: Page) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect(page.locator('body')).toBeFocused();
}

/** ArrowDown until `name` is the option Enter would pick (a row's picker opens with none marked). */
async function arrowToOption(page: Page, name: string) {
  const option = page.getByRole('option', { name, exact: true });
  await expect(option).toBeVisible();
  for (let presses = 0; presses < 10; presses++) {
    await page.keyboard.press('ArrowDown');
    if ((await option.getAttribute('data-combobox-selected')) === 'true') return;
  }
  throw new Error(`ArrowDown never reached the option ${name}`);
}

/** The task as the server has it. */
async function savedTask(page: Page, taskId: string): Promise<unknown> {
  return (await page.request.get(`/api/tasks/${taskId}`)).json();
}

inEachLook('field keys on a task', ({ scheme }) => {
  test('s, a, p, l, d and i change the task; Esc closes the picker, then the task', async ({
    page,
    mail,
    baseURL,
  }) => {
    const kim = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Kim',
      lastname: 'Keys',
      organization: `Field keys ${scheme}`,
    });
    const { projectId, taskId } = await createProjectWithTask(page, baseURL, kim.organizationId, {
      project: 'Keyboards',
      trigram: 'KEY',
      task: 'Oil the switches',
    });
    await page.goto(`/task/${taskId}`);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    const title = page.getByRole('textbox', { name: 'Title' });
    await expect(title).toHaveValue('Oil the switches');

    // Typing in the title or the description: the letters are text, no picker opens.
    await title.press('End');
    await page.keyboard.type(' sadly');
    await expect(title).toHaveValue('Oil the switches sadly');
    await expect(title).toBeFocused();
    const description = page.getByRole('textbox', { name: 'Description' });
    await description.click();
    await page.keyboard.type('spaldi');
    await expect(description).toContainText('spaldi');
    await expect(description).toBeFocused();
    await expect(page.getByRole('listbox')).toHaveCount(0);

    await leaveFields(page);
    await expect(description).not.toBeFocused();

    // With Alt or Ctrl held nothing opens: the plain p after them opens Priority, not Status.
    await page.keyboard.press('Alt+s');
    await page.keyboard.press('Control+a');
    await openWithKey(page, 'p', field(page, 'Priority'));
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect(field(page, 'Priority')).toHaveValue('Low');
    await expect(page.getByRole('listbox')).toHaveCount(0);

    // s: arrows and Enter pick; the status is saved.
    await leaveFields(page);
    await openWithKey(page, 's', field(page, 'Status'));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(field(page, 'Status')).toHaveValue('Doing');

    // i assigns the task to oneself, without a picker; a, then None, takes it back.
    await leaveFields(page);
    await page.keyboard.press('i');
    await expect(field(page, 'Assignee')).toHaveValue('Kim Keys');
    await expect.poll(() => savedTask(page, taskId)).toMatchObject({ assignee: { firstname: 'Kim' } });
    // The page has the live echo of that change (its change log reads it again): no read of the
    // task lands between the picker's opening and the typing, which would put the name back.
    await expect(page.getByRole('list', { name: 'Comments and changes' })).toContainText(
      'changed assignee Kim Keys',
    );
    await openWithKey(page, 'a', field(page, 'Assignee'));
    await page.keyboard.type('None');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(field(page, 'Assignee')).toHaveValue('None');
    await expect(page.getByRole('listbox')).toHaveCount(0);

    // l: a name typed in the open picker and Enter create the label and put it on the task.
    await leaveFields(page);
    await openWithKey(page, 'l', field(page, 'Labels'));
    await page.keyboard.type('Hardware');
    await expect(page.getByRole('option', { name: 'Create label "Hardware"' })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(details(page).getByText('Hardware', { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toHaveCount(0);

    // d: the calendar opens; Esc closes it and the task stays.
    await leaveFields(page);
    await page.keyboard.press('d');
    const today = page.getByRole('button', { name: 'Today' });
    await expect(today).toBeVisible();
    await today.press('Enter');
    await expect(details(page).getByText('Due today')).toBeVisible();

    // The server has every change (each is saved on its own, so it may still be on its way).
    await expect
      .poll(() => savedTask(page, taskId))
      .toMatchObject({
        title: 'Oil the switches sadly',
        status: 'DOING',
        priority: 'LOW',
        assignee: null,
        labels: [expect.objectContaining({ name: 'Hardware' })],
      });

    // Esc closes the open picker first, and the task only after.
    await leaveFields(page);
    await openWithKey(page, 's', field(page, 'Status'));
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(field(page, 'Status')).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`/task/${taskId}$`));
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(new RegExp(`/project/${projectId}/`));
  });

  test('on a focused list row s, i and p change it, l opens the task; on a focused card a', async ({
    page,
    mail,
    baseURL,
  }) => {
    const rhea = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Rhea',
      lastname: 'Rows',
      organization: `Row keys ${scheme}`,
    });
    const { projectId, taskId } = await createProjectWithTask(page, baseURL, rhea.organizationId, {
      project: 'Keycaps',
      trigram: 'CAP',
      task: 'Sort the keycaps',
    });
    await page.goto(`/project/${projectId}/list`);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    const row = page.getByRole('row', { name: /Sort the keycaps/ });
    const status = row.getByRole('combobox', { name: 'Status of Sort the keycaps' });
    await expect(status).toContainText('To Do');

    // j selects the row from the keyboard; s opens its status picker, arrows and Enter pick.
    await page.keyboard.press('j');
    await expect(row).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('s');
    await expect(row.getByRole('combobox', { name: 'Status of Sort the keycaps' })).toBeFocused();
    await arrowToOption(page, 'Doing');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(status).toContainText('Doing');

    // i assigns the row's task to oneself; p opens its priority picker.
    await page.keyboard.press('i');
    await expect(row.getByRole('combobox', { name: 'Assignee of Sort the keycaps' })).toContainText(
      'Rhea Rows',
    );
    await page.keyboard.press('p');
    await arrowToOption(page, 'Low');
    await page.keyboard.press('Enter');
    await expect(row.getByRole('combobox', { name: 'Priority of Sort the keycaps' })).toContainText('Low');
    await expect
      .poll(() => savedTask(page, taskId))
      .toMatchObject({ status: 'DOING', priority: 'LOW', assignee: { firstname: 'Rhea' } });

    // l: a row shows no labels picker, so the task opens with that picker open.
    await page.keyboard.press('l');
    await expect(page).toHaveURL(new RegExp(`/task/${taskId}$`));
    await expect(field(page, 'Labels')).toBeFocused();
    await expect(page.getByRole('listbox')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toHaveCount(0);

    // On the board, a card with the focus (its grip, reached by Tab): a opens its assignee picker.
    await page.goto(`/project/${projectId}/kanban`);
    const card = page.getByRole('article', { name: '#1 Sort the keycaps' });
    const assignee = card.getByRole('combobox', { name: 'Assignee of Sort the keycaps' });
    await expect(assignee).toContainText('Rhea Rows');
    await card.getByRole('button', { name: 'Move Sort the keycaps' }).focus();
    await page.keyboard.press('a');
    await expect(card.getByRole('combobox', { name: 'Assignee of Sort the keycaps' })).toBeFocused();
    await page.keyboard.type('None');
    await arrowToOption(page, 'None');
    await page.keyboard.press('Enter');
    await expect(assignee).toContainText('None');
    await expect.poll(() => savedTask(page, taskId)).toMatchObject({ assignee: null });
  });
});
