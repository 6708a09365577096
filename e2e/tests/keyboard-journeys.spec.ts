import { signUpWithOrganization } from '@figgle/test-support/api-users';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { liftFocusedCard, tabTo } from '../support/keyboard.ts';

/** In an open list box, presses ArrowDown until `name` is the highlighted option. */
async function arrowToOption(page: Page, name: string) {
  const option = page.getByRole('option', { name, exact: true });
  await expect(option).toBeVisible();
  for (let presses = 0; presses < 10; presses++) {
    await page.keyboard.press('ArrowDown');
    if ((await option.getAttribute('data-combobox-selected')) === 'true') return;
  }
  throw new Error(`ArrowDown never reached the option ${name}`);
}

const mainNavigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

test.describe('keyboard only', () => {
  // Every step below uses page.keyboard; no click, tap or programmatic focus.
  test('sign in, create and open a project, add and edit a task, move it on the board, describe and comment it, settings, inbox, sign out', async ({
    page,
    browser,
    mail,
    baseURL,
  }) => {
    // The whole product by keyboard in one journey: over a minute on a busy 2-core machine.
    test.slow();
    // The account is made over HTTP in another context; this page signs in through the form.
    const setup = await browser.newContext({ baseURL });
    const kim = await signUpWithOrganization(await setup.newPage(), mail, baseURL, {
      firstname: 'Kim',
      lastname: 'Keys',
      organization: 'Keyboard Club',
    });
    await setup.close();

    // Sign in.
    await page.goto('/login');
    const login = page.getByRole('form', { name: 'Log in' });
    await tabTo(page, login.getByRole('textbox', { name: 'Email' }));
    await page.keyboard.type(kim.email);
    await tabTo(page, login.getByRole('textbox', { name: 'Password', exact: true }));
    await page.keyboard.type(kim.password);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();

    // Create a project: the dialog takes the focus, Enter submits, Escape is not needed.
    await tabTo(page, page.getByRole('button', { name: 'Add a project' }));
    await page.keyboard.press('Enter');
    const addProject = page.getByRole('dialog', { name: 'Add a project' });
    await expect(addProject.getByRole('textbox', { name: 'Name' })).toBeFocused();
    await page.keyboard.type('Keyboard');
    await expect(addProject.getByRole('textbox', { name: 'Trigram' })).toHaveValue('KEY');
    await page.keyboard.press('Enter');
    await expect(addProject).toBeHidden();
    // Created, it opens in its list.
    await expect(page.getByRole('heading', { name: 'Keyboard', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/project\/[^/]+\/list$/);

    // Back to the projects and open it again, by keyboard too.
    await tabTo(
      page,
      page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Projects', exact: true }),
    );
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
    await tabTo(page, page.getByRole('main').getByRole('link', { name: 'Keyboard', exact: true }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Keyboard', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/project\/[^/]+\/list$/);

    // Add a task.
    await tabTo(page, page.getByRole('button', { name: 'Add a task' }));
    await page.keyboard.press('Enter');
    const addTask = page.getByRole('dialog', { name: 'Add a task' });
    await expect(addTask.getByRole('textbox', { name: 'Title' })).toBeFocused();
    await page.keyboard.type('Type it all');
    await page.keyboard.press('Enter');
    await expect(addTask).toBeHidden();
    const taskLink = page.getByRole('main').getByRole('link', { name: /Type it all$/ });
    await expect(taskLink).toBeVisible();

    // Change its status: Enter opens the picker, arrows choose, Enter picks.
    const status = page.getByRole('combobox', { name: 'Status of Type it all' });
    await tabTo(page, status);
    await page.keyboard.press('Enter');
    await arrowToOption(page, 'Doing');
    await page.keyboard.press('Enter');
    await expect(status).toHaveText(/Doing/);

    // And its assignee: type to filter, arrow to the match, Enter.
    const assignee = page.getByRole('combobox', { name: 'Assignee of Type it all' });
    await tabTo(page, assignee);
    await page.keyboard.press('Enter');
    await page.keyboard.type('Kim');
    await arrowToOption(page, 'Kim Keys');
    await page.keyboard.press('Enter');
    await expect(assignee).toHaveText(/Kim Keys/);

    // The board: pick the card up by its grip, move it one column right, drop it.
    await tabTo(page, page.getByRole('link', { name: 'Kanban view' }), { backwards: true });
    await page.keyboard.press('Enter');
    const doing = page.getByRole('region', { name: 'Doing' });
    const done = page.getByRole('region', { name: 'Done' });
    await expect(doing.getByRole('article', { name: '#1 Type it all' })).toBeVisible();
    await tabTo(page, page.getByRole('button', { name: 'Move Type it all' }));
    // Each key waits for the board to show its effect, as a person watching the card would.
    // The board marks itself (and the lifted card) data-dragging while a card is held.
    const dragging = page.locator('[data-dragging]');
    await liftFocusedCard(page);
    await page.keyboard.press('ArrowRight');
    await expect(done.getByRole('article', { name: '#1 Type it all' })).toBeVisible();
    await page.keyboard.press('Space');
    await expect(dragging).toHaveCount(0);
    await expect(done.getByRole('article', { name: '#1 Type it all' })).toBeVisible();
    await expect(doing.getByRole('article')).toHaveCount(0);

    // Open the task from its card.
    await tabTo(page, done.getByRole('link', { name: 'Type it all' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Type it all');

    // Write a description; Tab leaves the editor (no trap) and the text is saved.
    const description = page.getByRole('textbox', { name: 'Description' });
    await tabTo(page, description);
    await page.keyboard.type('Written without a mouse');
    await page.keyboard.press('Tab');
    await expect(description).not.toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible({ timeout: 15_000 });

    // A comment, sent with Ctrl+Enter.
    const composer = page.getByRole('textbox', { name: 'Write a comment' });
    await tabTo(page, composer);
    await page.keyboard.type('Sent from the keyboard');
    await page.keyboard.press('Control+Enter');
    const timeline = page.getByRole('list', { name: 'Comments and changes' });
    await expect(timeline.getByText('Sent from the keyboard')).toBeVisible();
    await expect(composer).toHaveText('');

    // Settings and the inbox, through the side navigation (before the page in the tab order).
    await tabTo(page, mainNavigation(page).getByRole('link', { name: 'Settings' }), { backwards: true });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/settings\/profile$/);
    await tabTo(page, mainNavigation(page).getByRole('link', { name: /^Inbox/ }), { backwards: true });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();

    // Sign out from Settings.
    await tabTo(page, mainNavigation(page).getByRole('link', { name: 'Settings' }));
    await page.keyboard.press('Enter');
    await tabTo(
      page,
      page.getByRole('navigation', { name: 'Settings' }).getByRole('button', { name: 'Log out' }),
    );
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/login$/);
    const me = await page.request.get('/api/me');
    expect(me.status()).toBe(401);

    // What was done by keyboard is really stored.
    const signedIn = await browser.newContext({ baseURL });
    const check = await signedIn.newPage();
    const signIn = await check.request.post('/api/auth/sign-in/email', {
      headers: { origin: baseURL },
      data: { email: kim.email, password: kim.password },
    });
    expect(signIn.ok()).toBe(true);
    const tasks = (await (await check.request.get('/api/my-tasks')).json()) as unknown;
    expect(JSON.stringify(tasks)).toContain('Type it all');
    await signedIn.close();
  });

  test('a dialog keeps the focus inside while open, Escape closes it and gives the focus back', async ({
    page,
    mail,
    baseURL,
  }) => {
    await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Dana',
      lastname: 'Dialog',
      organization: 'Focus Group',
    });
    await page.goto('/projects');
    const opener = page.getByRole('button', { name: 'Add a project' });
    await tabTo(page, opener);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add a project' });
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
    // Tab round the whole dialog and more: the focus never leaves it.
    for (let presses = 0; presses < 25; presses++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });
});
