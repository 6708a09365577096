import { signUpWithOrganization } from '@figgle/test-support/api-users';
import type { Locator, Page } from '@playwright/test';
import { cardsIn } from '../support/board-cards.ts';
import { expect, test } from '../support/fixtures.ts';
import { liftFocusedCard } from '../support/keyboard.ts';

/** A mouse drag as a person does it: press on the card, move in small steps, release over the target. */
async function dragWithMouse(page: Page, card: Locator, target: Locator, where: 'above' | 'end') {
  // The previous drop has finished settling (its card no longer floats).
  await expect(page.locator('article[data-overlay]')).toHaveCount(0);
  const from = (await card.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + 14);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 8, from.y + 24, { steps: 4 });
  await expect(page.locator('article[data-dragging]')).toHaveCount(1);
  const y = where === 'above' ? to.y + 6 : to.y + to.height - 6;
  await page.mouse.move(to.x + to.width / 2, y, { steps: 20 });
  await page.mouse.move(to.x + to.width / 2, y + (where === 'above' ? -2 : 2), { steps: 3 });
  // Release only once the board shows the card in its new place, as a person would.
  await expect
    .poll(async () => {
      const placeholder = await page.locator('article[data-dragging]').boundingBox();
      const box = await target.boundingBox();
      if (!placeholder || !box) return false;
      return where === 'above'
        ? placeholder.y < box.y
        : placeholder.x >= box.x && placeholder.x < box.x + box.width;
    })
    .toBe(true);
  await page.mouse.up();
}

async function addTask(page: Page, title: string) {
  await page.getByRole('button', { name: 'Add a task' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a task' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('link', { name: new RegExp(`${title}$`) })).toBeVisible();
}

test.describe('projects and tasks', () => {
  test('create a project, favorite it, add tasks, change them inline, drag them on the board, find them in My tasks, delete the project', async ({
    page,
    mail,
    baseURL,
  }) => {
    test.setTimeout(150_000); // one long journey through every screen of the feature
    const user = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Pat',
      lastname: 'Tester',
      organization: 'Rocket Works',
    });

    // Projects screen: create a project; the trigram fills in from the name.
    await page.goto('/projects');
    await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
    await expect(page.getByText('Cross-Organizations')).toBeVisible();
    await expect(page.getByText("It's empty!")).toBeVisible();
    await page.getByRole('button', { name: 'Add a project' }).click();
    const addProject = page.getByRole('dialog', { name: 'Add a project' });
    await addProject.getByRole('textbox', { name: 'Name' }).pressSequentially('Moonshot');
    await expect(addProject.getByRole('textbox', { name: 'Trigram' })).toHaveValue('MOO');
    await expect(addProject.getByRole('combobox', { name: 'Organization' })).toHaveValue(user.organizationId);
    await addProject.getByRole('combobox', { name: 'Emoji' }).click();
    await page.getByRole('option', { name: 'Octopus' }).click();
    await addProject.getByRole('textbox', { name: 'Description' }).fill('To the moon and back');
    await addProject.getByRole('button', { name: 'Create' }).click();
    await expect(addProject).toBeHidden();
    // Created, it opens in its default view, the list; the projects' table then lists it.
    await expect(page).toHaveURL(/\/project\/[0-9a-f-]+\/list$/);
    await expect(page.getByRole('heading', { name: 'Moonshot', level: 1 })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/projects$/);
    const row = page.getByRole('row', { name: /Moonshot/ });
    await expect(row).toContainText('MOO');
    await expect(row).toContainText('To the moon and back');
    await expect(row).toContainText('Rocket Works');
    await expect(row).toContainText('No');

    // Favorite it: the star turns on and the project appears in the sidebar's Favorites.
    await row.getByRole('button', { name: 'Add Moonshot to favorites' }).click();
    await expect(row.getByRole('button', { name: 'Remove Moonshot from favorites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(row).toContainText('Yes');
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    const favorites = navigation.getByRole('region', { name: 'Favorites' });
    const favorite = favorites.getByRole('link', { name: /Moonshot\s*#MOO/ });
    await expect(favorite).toBeVisible();

    // The card view shows the same project.
    await page.getByRole('link', { name: 'Card view' }).click();
    await expect(page).toHaveURL(/\/projects-cards$/);
    const card = page
      .getByRole('list', { name: 'Projects' })
      .getByRole('listitem')
      .filter({ hasText: 'Moonshot' });
    await expect(card).toContainText('0 tasks');
    await expect(card.getByRole('button', { name: 'Remove Moonshot from favorites' })).toBeVisible();

    // Open it from the sidebar: its list.
    await favorite.click();
    await expect(page).toHaveURL(/\/project\/[0-9a-f-]+\/list$/);
    await expect(page.getByRole('heading', { name: 'Moonshot', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Trigram MOO')).toBeVisible();
    await expect(page.getByLabel('Organization Rocket Works')).toBeVisible();

    // A creation the server refuses (a title of spaces only) keeps the dialog open with the reason.
    await page.getByRole('button', { name: 'Add a task' }).click();
    const taskDialog = page.getByRole('dialog', { name: 'Add a task' });
    await taskDialog.getByRole('textbox', { name: 'Title' }).fill('   ');
    await taskDialog.getByRole('textbox', { name: 'Description' }).fill('First things first');
    await taskDialog.getByRole('button', { name: 'Create' }).click();
    await expect(taskDialog.getByRole('alert')).toContainText('The title of the task is required.');
    await expect(taskDialog.getByRole('textbox', { name: 'Description' })).toHaveValue('First things first');
    await taskDialog.getByRole('textbox', { name: 'Title' }).fill('Alpha');
    await taskDialog.getByRole('button', { name: 'Create' }).click();
    await expect(taskDialog).toBeHidden();
    await expect(page.getByText('Your task has been successfully created.')).toBeVisible();
    for (const title of ['Bravo', 'Charlie', 'Delta']) await addTask(page, title);

    // Inline status and assignee pickers; the list stays sorted by status then title.
    const titles = page.getByRole('row').getByRole('link');
    await expect(titles).toHaveText(['#1Alpha', '#2Bravo', '#3Charlie', '#4Delta']);
    await page.getByRole('combobox', { name: 'Status of Alpha' }).click();
    await page.getByRole('option', { name: 'Doing' }).click();
    await expect(page.getByRole('combobox', { name: 'Status of Alpha' })).toHaveText('Doing');
    await expect(titles).toHaveText(['#2Bravo', '#3Charlie', '#4Delta', '#1Alpha']);
    await page.getByRole('combobox', { name: 'Assignee of Bravo' }).click();
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && r.url().includes('/api/tasks/'),
    );
    await page.getByRole('option', { name: 'Pat Tester' }).click();
    expect((await saved).status()).toBe(200);
    await expect(page.getByRole('combobox', { name: 'Assignee of Bravo' })).toContainText('Pat Tester');
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Status of Alpha' })).toHaveText('Doing');
    await expect(page.getByRole('combobox', { name: 'Assignee of Bravo' })).toContainText('Pat Tester');

    // The board: drag a card to another column and within a column, by mouse and by keyboard.
    await page.getByRole('link', { name: 'Kanban view' }).click();
    await expect(page).toHaveURL(/\/kanban$/);
    await expect.poll(() => cardsIn(page, 'To Do')).toEqual(['Bravo', 'Charlie', 'Delta']);
    await expect.poll(() => cardsIn(page, 'Doing')).toEqual(['Alpha']);

    const board = (title: string) => page.getByRole('article', { name: new RegExp(`^\\S+ ${title}$`) });
    // Onto the drop zone at the end of the Doing column.
    await dragWithMouse(page, board('Charlie'), page.getByRole('region', { name: 'Doing' }), 'end');
    await expect.poll(() => cardsIn(page, 'Doing')).toEqual(['Alpha', 'Charlie']);
    await expect.poll(() => cardsIn(page, 'To Do')).toEqual(['Bravo', 'Delta']);

    await dragWithMouse(page, board('Delta'), board('Bravo'), 'above');
    await expect.poll(() => cardsIn(page, 'To Do')).toEqual(['Delta', 'Bravo']);

    // Each key waits for the board to show its effect, as a person watching the card would.
    await page.getByRole('button', { name: 'Move Alpha' }).focus();
    await liftFocusedCard(page);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => cardsIn(page, 'Doing')).toEqual(['Charlie', 'Alpha']);
    await page.keyboard.press('Space');
    await expect(page.locator('[data-dragging]')).toHaveCount(0);
    await expect.poll(() => cardsIn(page, 'Doing')).toEqual(['Charlie', 'Alpha']);

    // Reload: the order and the statuses were saved.
    await page.reload();
    await expect.poll(() => cardsIn(page, 'To Do')).toEqual(['Delta', 'Bravo']);
    await expect.poll(() => cardsIn(page, 'Doing')).toEqual(['Charlie', 'Alpha']);

    // Clicking a card opens the task.
    await board('Delta').getByText('#4').click();
    await expect(page).toHaveURL(/\/task\/[0-9a-f-]+$/);

    // My tasks shows the task assigned to Pat, with its cross-project reference.
    await navigation.getByRole('link', { name: 'My tasks' }).click();
    await expect(page.getByText('Your personal tasks cross-projects')).toBeVisible();
    await expect.poll(() => cardsIn(page, 'To Do')).toEqual(['Bravo']);
    await expect(page.getByRole('article', { name: 'MOO-2 Bravo' })).toContainText('Moonshot');

    // Settings: edit, then delete through the confirmation.
    await favorite.click();
    await page.getByRole('button', { name: 'Project settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Project settings' });
    await settings.getByRole('textbox', { name: 'Name' }).fill('Moonshot Two');
    await settings.getByRole('radio', { name: 'Kanban' }).check();
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your project has been successfully updated.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Moonshot Two', level: 1 })).toBeVisible();
    await expect(favorites.getByRole('link', { name: /Moonshot Two/ })).toHaveAttribute('href', /\/kanban$/);

    await page.getByRole('button', { name: 'Project settings' }).click();
    await settings.getByRole('button', { name: 'Delete this project' }).click();
    const confirmation = page.getByRole('dialog', { name: 'Delete this project?' });
    await expect(confirmation).toContainText('Are you sure you want to delete this project?');
    await confirmation.getByRole('button', { name: 'Yes' }).click();
    const done = page.getByRole('dialog', { name: 'Project successfully deleted' });
    await expect(done).toContainText('Project Moonshot Two has just been successfully deleted.');
    await done.getByRole('button', { name: 'Ok' }).click();
    await expect(page).toHaveURL(/\/projects$/);
    await expect(page.getByText("It's empty!")).toBeVisible();
    await expect(favorites.getByRole('link')).toHaveCount(0);
    await navigation.getByRole('link', { name: 'My tasks' }).click();
    await expect(page.getByText('Relax! There are no tasks :)')).toBeVisible();
    await expect(page.getByText('You can add a new task here!')).toBeVisible();
  });
});
