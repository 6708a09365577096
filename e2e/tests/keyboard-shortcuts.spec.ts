import { signUpWithOrganization } from '@figgle/test-support/api-users';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { createProject } from '../support/task-page-setup.ts';
import { createTask } from './planning-support.ts';
import { palette, paletteGroup, paletteInput } from './search-support.ts';

const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 });
const addTaskDialog = (page: Page) => page.getByRole('dialog', { name: 'Add a task' });

/** Nothing opened: no dialog (the palette, "?", add a task) is on screen. */
async function expectNoDialog(page: Page) {
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test.describe('keyboard shortcuts', () => {
  test('"?" lists them; g i, g m, g p go; / and Ctrl+K search; c creates a task; Esc closes', async ({
    page,
    mail,
    baseURL,
  }) => {
    const kim = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Kim',
      lastname: 'Keys',
      organization: 'Keyboard club',
    });
    const projectId = await createProject(page, baseURL, kim.organizationId, 'Keyboards', 'KEY');
    const taskId = await createTask(page, baseURL, projectId, { title: 'Oil the switches' });

    await page.goto('/projects');
    await expect(heading(page, 'Projects')).toBeVisible();

    // "?" shows every shortcut; Esc closes the list.
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help).toBeVisible();
    for (const does of [
      'Open the command palette',
      'Search',
      'Create a task in the current project',
      'Select the next task (task list and My tasks)',
      'Select the previous task (task list and My tasks)',
      'Open the selected task',
      'Close the picker, the dialog, the palette or the task',
      'Go to Inbox',
      'Go to My tasks',
      'Go to Projects',
      'Show the keyboard shortcuts',
      'Change the status',
      'Change the assignee',
      'Change the priority',
      'Change the labels',
      'Change the due date',
      'Assign to me',
    ])
      await expect(help.getByRole('row').filter({ hasText: does })).toHaveCount(1);
    await expect(help.getByRole('row').filter({ hasText: 'Go to Inbox' })).toContainText(/g\s*then\s*i/);
    await page.keyboard.press('Escape');
    await expectNoDialog(page);

    // g then i, m, p.
    await page.keyboard.press('g');
    await page.keyboard.press('i');
    await expect(page).toHaveURL(/\/inbox$/);
    await expect(heading(page, 'Inbox')).toBeVisible();
    await page.keyboard.press('g');
    await page.keyboard.press('m');
    await expect(page).toHaveURL(/\/my-tasks$/);
    await page.keyboard.press('g');
    await page.keyboard.press('p');
    await expect(page).toHaveURL(/\/projects$/);
    await expect(heading(page, 'Projects')).toBeVisible();

    // "/" and Ctrl+K open the palette; Esc closes it.
    await page.keyboard.press('/');
    await expect(paletteInput(page)).toBeFocused();
    await expect(paletteInput(page)).toHaveValue('');
    await page.keyboard.press('Escape');
    await expectNoDialog(page);
    await page.keyboard.press('Control+K');
    await expect(paletteInput(page)).toBeFocused();
    await page.keyboard.press('Escape');
    await expectNoDialog(page);

    // c away from a project: the palette asks for the project.
    await page.keyboard.press('c');
    await expect(palette(page).getByRole('textbox', { name: 'Project of the new task' })).toBeFocused();
    await paletteGroup(page, 'Create a task in')
      .getByRole('button', { name: /Keyboards/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/project/${projectId}/list$`));
    await expect(addTaskDialog(page).getByRole('textbox', { name: 'Title' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expectNoDialog(page);

    // c on a project: its add-task dialog.
    await page.keyboard.press('c');
    await expect(addTaskDialog(page).getByRole('textbox', { name: 'Title' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expectNoDialog(page);

    // On a task: c adds to its project; Esc closes the task, back to the project.
    await page.goto(`/task/${taskId}`);
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Oil the switches');
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(new RegExp(`/project/${projectId}/list$`));
    await page.goto(`/task/${taskId}`);
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Oil the switches');
    await page.keyboard.press('c');
    await expect(page).toHaveURL(new RegExp(`/project/${projectId}/list$`));
    await expect(addTaskDialog(page).getByRole('textbox', { name: 'Title' })).toBeFocused();

    // On the search page, "/" goes to its field.
    await page.goto('/search?q=switch');
    await expect(page.getByRole('heading', { name: 'Search', level: 1 })).toBeVisible();
    await page.keyboard.press('/');
    await expect(page.getByRole('searchbox', { name: 'Search for' })).toBeFocused();
    await expectNoDialog(page);
  });

  test('none fires while typing in the editor or a field', async ({ page, mail, baseURL }) => {
    const kim = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Kim',
      lastname: 'Typist',
      organization: 'Typing club',
    });
    const projectId = await createProject(page, baseURL, kim.organizationId, 'Typing', 'TYP');
    const taskId = await createTask(page, baseURL, projectId, { title: 'Write the notes' });
    await page.goto(`/task/${taskId}`);
    const description = page.getByRole('textbox', { name: 'Description' });
    await expect(description).toBeVisible();

    // In the rich-text editor every key is text.
    await description.click();
    await page.keyboard.type('c / ? g i g m j k');
    await page.keyboard.press('Escape');
    await expect(description).toContainText('c / ? g i g m j k');
    await expect(page).toHaveURL(new RegExp(`/task/${taskId}$`));
    await expectNoDialog(page);

    // In the title field too.
    const title = page.getByRole('textbox', { name: 'Title' });
    await title.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' c/?gp');
    await expect(title).toHaveValue('Write the notes c/?gp');
    await expect(page).toHaveURL(new RegExp(`/task/${taskId}$`));
    await expectNoDialog(page);

    // In the comment field.
    const composer = page.getByRole('textbox', { name: 'Write a comment' });
    await composer.click();
    await page.keyboard.type('g i c');
    await expect(composer).toContainText('g i c');
    await expect(page).toHaveURL(new RegExp(`/task/${taskId}$`));
    await expectNoDialog(page);

    // Ctrl+K is the one that works anywhere, the editor included.
    await description.click();
    await page.keyboard.press('Control+K');
    await expect(paletteInput(page)).toBeFocused();
  });
});
