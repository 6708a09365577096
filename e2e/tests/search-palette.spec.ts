import { signUpWithOrganization } from '@figgle/test-support/api-users';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { createProject } from '../support/task-page-setup.ts';
import { callApi, createTask } from './planning-support.ts';
import { openPaletteWithKeys, palette, paletteGroup, paletteInput } from './search-support.ts';

const sidebarSearch = (page: Page) =>
  page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Search' });

test.describe('the command palette', () => {
  test('Ctrl+K, part of a title typed with a typo: the match is highlighted and Enter opens the task', async ({
    page,
    mail,
    baseURL,
  }) => {
    const paula = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Paula',
      lastname: 'Palette',
      organization: 'Shop',
    });
    const projectId = await createProject(page, baseURL, paula.organizationId, 'Storefront', 'STO');
    await createTask(page, baseURL, projectId, { title: 'Login form copy' });
    const taskId = await createTask(page, baseURL, projectId, { title: 'Checkout page redesign' });
    await createTask(page, baseURL, projectId, { title: 'Newsletter footer' });

    await page.goto('/projects');
    await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();

    // While typing: the task shows in the Tasks group, the words it matched marked.
    await openPaletteWithKeys(page);
    await page.keyboard.type('checko');
    const found = paletteGroup(page, 'Tasks').getByRole('button', { name: /Checkout page redesign/ });
    await expect(found).toBeVisible();
    await expect(found.locator('mark').first()).toHaveText(/^checko/i);
    await expect(paletteGroup(page, 'Tasks').getByRole('button', { name: /Newsletter/ })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(palette(page)).toBeHidden();

    // A typo, and Enter at once, before the results had time to show: the task opens.
    await openPaletteWithKeys(page);
    await page.keyboard.type('chekout');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/task/${taskId}$`));
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Checkout page redesign');
    await expect(palette(page)).toBeHidden();
  });

  test('the sidebar’s Search button opens it, and each action does what it says', async ({
    page,
    mail,
    baseURL,
  }) => {
    // Every action of the palette, each a page of its own: past a minute on a loaded machine.
    test.slow();
    const paula = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Paula',
      lastname: 'Actions',
      organization: 'Shop',
    });
    const projectId = await createProject(page, baseURL, paula.organizationId, 'Storefront', 'STO');
    await createTask(page, baseURL, projectId, { title: 'Checkout page redesign' });
    await page.goto('/projects');
    await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();

    async function runAction(name: string | RegExp, typed = '') {
      await sidebarSearch(page).click();
      await expect(paletteInput(page)).toBeFocused();
      if (typed) await page.keyboard.type(typed);
      await paletteGroup(page, 'Actions').getByRole('button', { name }).click();
    }

    const goTo: [string, RegExp, string][] = [
      ['Go to Inbox', /\/inbox$/, 'Inbox'],
      ['Go to My tasks', /\/my-tasks$/, 'My tasks'],
      ['Go to Dashboard', /\/dashboard$/, 'Control Panel'],
      ['Go to Figma Radar', /\/figma-radar$/, 'Figma Radar'],
      ['Open settings', /\/settings\/profile$/, 'Settings'],
      ['Go to Projects', /\/projects$/, 'Projects'],
    ];
    for (const [action, address, heading] of goTo) {
      await runAction(action);
      await expect(page).toHaveURL(address);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(palette(page)).toBeHidden();
    }

    // Typing narrows the actions by the starts of their words ("go inb"), with those starts marked.
    await sidebarSearch(page).click();
    await expect(paletteInput(page)).toBeFocused();
    await page.keyboard.type('go inb');
    const actions = paletteGroup(page, 'Actions').getByRole('button');
    await expect(actions).toHaveCount(1);
    await expect(actions.first().locator('mark')).toHaveText(['Go', 'Inb']);
    await page.keyboard.press('Escape');
    await expect(palette(page)).toBeHidden();

    // Toggle dark mode: applied at once, and kept with the account.
    const html = page.locator('html');
    const before = await html.getAttribute('data-mantine-color-scheme');
    const after = before === 'dark' ? 'light' : 'dark';
    await runAction('Toggle dark mode', 'dark');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', after);
    await expect
      .poll(
        async () => (await callApi<{ color_scheme: string }>(page, baseURL, 'GET', '/api/me')).color_scheme,
      )
      .toBe(after);

    // Create a task, away from any project: the palette asks which project, then its dialog opens.
    await runAction(/^Create a task/);
    await expect(palette(page).getByRole('textbox', { name: 'Project of the new task' })).toBeFocused();
    await page.keyboard.type('store');
    await paletteGroup(page, 'Create a task in')
      .getByRole('button', { name: /Storefront/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/project/${projectId}/list$`));
    let dialog = page.getByRole('dialog', { name: 'Add a task' });
    await expect(dialog.getByRole('textbox', { name: 'Title' })).toBeFocused();
    await page.keyboard.type('Made from the palette');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('link', { name: /Made from the palette/ })).toBeVisible();

    // Inside a project, "Create a task" opens that project's dialog at once.
    await runAction(/^Create a task\s*In Storefront/);
    dialog = page.getByRole('dialog', { name: 'Add a task' });
    await expect(dialog.getByRole('textbox', { name: 'Title' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('"See all results" opens the search page for what was typed; projects and people are found too', async ({
    page,
    mail,
    baseURL,
  }) => {
    const paula = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Quentin',
      lastname: 'Quokka',
      organization: 'Zoo',
    });
    const projectId = await createProject(page, baseURL, paula.organizationId, 'Quokka enclosure', 'QUO');
    await createTask(page, baseURL, projectId, { title: 'Feed the quokkas' });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Control Panel', level: 1 })).toBeVisible();

    await openPaletteWithKeys(page);
    await page.keyboard.type('quokka');
    await expect(paletteGroup(page, 'Tasks').getByRole('button', { name: /Feed the quokkas/ })).toBeVisible();
    await expect(
      paletteGroup(page, 'Projects').getByRole('button', { name: /Quokka enclosure/ }),
    ).toBeVisible();
    await expect(paletteGroup(page, 'People').getByRole('button', { name: /Quentin Quokka/ })).toBeVisible();

    // A project found opens the project.
    await paletteGroup(page, 'Projects')
      .getByRole('button', { name: /Quokka enclosure/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/project/${projectId}/list$`));
    // The list has drawn its task before the keys go in: a page still loading may take the focus
    // from the palette, and the typed word with it.
    await expect(page.getByText('Feed the quokkas').first()).toBeVisible();

    await openPaletteWithKeys(page);
    await page.keyboard.type('quokka');
    await expect(paletteInput(page)).toHaveValue('quokka');
    await palette(page).getByRole('button', { name: 'See all results for “quokka”' }).click();
    await expect(page).toHaveURL(/\/search\?q=quokka$/);
    await expect(page.getByRole('searchbox', { name: 'Search for' })).toHaveValue('quokka');
    const tasks = page.getByRole('region', { name: 'Tasks' });
    await expect(tasks.getByRole('link', { name: /Feed the quokkas/ })).toBeVisible();
  });
});
