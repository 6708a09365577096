import { MESSAGES } from '@figgle/shared/constants';
import { signUpWithOrganization } from '@figgle/test-support/api-users';
import { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { Browser, Page } from '@playwright/test';
import { expect, test, uniqueEmail } from '../support/fixtures.ts';
import { liftFocusedCard } from '../support/keyboard.ts';
import {
  keptForOffline,
  reconnect,
  reloadOffline,
  storedChanges,
  storedQueries,
} from '../support/offline-copy.ts';
import { forgetSite, pageOfGroup } from '../support/shared-page.ts';
import { createProjectWithTask } from '../support/task-page-setup.ts';
import { live } from '../support/two-members.ts';

// The offline worker is this file's subject (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

// Each test makes a change, reloads the page at once (sooner than any timer would have written the
// offline copy) and checks the page shows the change: the copy of the cache a reload puts back
// must never pass for the server's answer.

/** A verified, signed-in account with onboarding still ahead, made through the real flows over HTTP. */
async function newcomer(page: Page, mail: MailCatcher, baseURL: string): Promise<string> {
  const headers = { origin: baseURL };
  const email = uniqueEmail('newcomer');
  const password = `pw-${Math.random().toString(36).slice(2, 12)}`;
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    headers,
    data: { email, password, name: 'Nora Newcomer', firstname: 'Nora', lastname: 'Newcomer' },
  });
  expect(signUp.ok()).toBe(true);
  const verify = await page.request.get(MailCatcher.linkIn(await mail.waitFor(email, /confirm/i), baseURL), {
    maxRedirects: 0,
  });
  expect(verify.status()).toBeLessThan(400);
  const signIn = await page.request.post('/api/auth/sign-in/email', { headers, data: { email, password } });
  expect(signIn.ok()).toBe(true);
  return email;
}

const taskDetails = (page: Page) => page.getByRole('complementary', { name: 'Task details' });
const statusOnTaskPage = (page: Page) => taskDetails(page).getByRole('combobox', { name: 'Status' });

test.describe('a reload right after a change shows the change', () => {
  // One page for the group's journeys, each with a person of its own: before each, the page forgets
  // the site (cookies, storage, the offline copy and worker), as a new browser context would start.
  test.describe.configure({ mode: 'serial' });
  const pageFor = pageOfGroup();
  const freshPage = async (browser: Browser, baseURL: string) => {
    const page = await pageFor(browser, baseURL);
    await forgetSite(page, baseURL);
    return page;
  };

  test('onboarding, Go to Figgle, reload at once: Add a project offers the new organization, and the new project stays', async ({
    browser,
    mail,
    baseURL,
  }) => {
    const page = await freshPage(browser, baseURL);
    await newcomer(page, mail, baseURL);
    await page.goto('/projects');
    await expect(page).toHaveURL(/\/onboarding\/step-1$/);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/onboarding\/step-2$/);
    await page.getByRole('textbox', { name: 'Name of your organization' }).fill('Fresh Studio');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome to Figgle!' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to Figgle' }).click();
    await expect(page).toHaveURL(/\/projects-cards$/);
    await page.reload();

    await page.getByRole('button', { name: 'Add a project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a project' });
    await expect(dialog.getByRole('combobox', { name: 'Organization' })).toBeVisible();
    await expect(dialog.getByText('you are not in one yet')).toHaveCount(0);
    await dialog.getByRole('textbox', { name: 'Name' }).pressSequentially('Harbor');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();
    // Created, it opens; back on the cards, they list it.
    await expect(page.getByRole('heading', { name: 'Harbor', level: 1 })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/projects-cards$/);
    const projects = page.getByRole('list', { name: 'Projects' });
    await expect(projects.getByRole('listitem').filter({ hasText: 'Harbor' })).toBeVisible();

    // Created a moment ago: a reload still lists it, with its organization.
    await page.reload();
    await expect(projects.getByRole('listitem').filter({ hasText: 'Harbor' })).toBeVisible();
    await page.getByRole('link', { name: 'List view' }).click();
    await expect(page.getByRole('row', { name: /Harbor/ })).toContainText('Fresh Studio');
  });

  test('a copy saved before a change made elsewhere is shown, then read again: Add a project offers the new organization', async ({
    browser,
    mail,
    baseURL,
  }) => {
    const page = await freshPage(browser, baseURL);
    await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Eli',
      lastname: 'Elsewhere',
      organization: 'Home Base',
    });
    await page.goto('/projects');
    await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
    await expect
      .poll(async () => JSON.stringify((await storedQueries(page, ['organizations']))[0]?.state.data ?? null))
      .toContain('Home Base');
    await page.goto('about:blank');

    // While the page is closed, another tab of the same person creates an organization.
    const created = await page.request.post('/api/organizations', {
      headers: { origin: baseURL },
      data: { name: 'Made Elsewhere' },
    });
    expect(created.status()).toBe(201);

    await page.goto('/projects');
    await page.getByRole('button', { name: 'Add a project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a project' });
    const organization = dialog.getByRole('combobox', { name: 'Organization' });
    await expect(organization.getByRole('option', { name: 'Made Elsewhere' })).toHaveCount(1);
    await expect(organization.getByRole('option', { name: 'Home Base' })).toHaveCount(1);
  });

  test('a new organization is in the settings menu after a reload at once', async ({
    browser,
    mail,
    baseURL,
  }) => {
    const page = await freshPage(browser, baseURL);
    await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Olga',
      lastname: 'Organizer',
      organization: 'First One',
    });
    await page.goto('/settings/profile');
    const settings = page.getByRole('navigation', { name: 'Settings' });
    await expect(settings.getByRole('link', { name: 'Organization First One' })).toBeVisible();
    await settings.getByRole('link', { name: 'Create an organization' }).click();
    await page.getByRole('textbox', { name: 'Name of the new Organization' }).fill('Second One');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByRole('heading', { name: 'Organization Second One' })).toBeVisible();
    await expect(settings.getByRole('link', { name: 'Organization Second One' })).toBeVisible();
    await page.goto('/settings/profile');
    await expect(settings.getByRole('link', { name: 'Organization Second One' })).toBeVisible();
    await page.reload();
    await expect(settings.getByRole('link', { name: 'Organization First One' })).toBeVisible();
    await expect(settings.getByRole('link', { name: 'Organization Second One' })).toBeVisible();
  });

  test('a task’s status, title and comment each survive a reload at once', async ({
    browser,
    mail,
    baseURL,
  }) => {
    const page = await freshPage(browser, baseURL);
    const user = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Tom',
      lastname: 'Tasker',
      organization: 'Tasks Inc',
    });
    const { projectId, taskId } = await createProjectWithTask(page, baseURL, user.organizationId, {
      project: 'Reloads',
      trigram: 'REL',
      task: 'Sturdy',
    });
    await page.goto(`/task/${taskId}`);
    await expect(statusOnTaskPage(page)).toHaveValue('To Do');

    await statusOnTaskPage(page).click();
    await page.getByRole('option', { name: 'Doing' }).click();
    const timeline = page.getByRole('list', { name: 'Comments and changes' });
    await expect(timeline.getByText('changed status To Do → Doing')).toBeVisible();
    await page.reload();
    await expect(statusOnTaskPage(page)).toHaveValue('Doing');

    const title = page.getByRole('textbox', { name: 'Title' });
    await title.fill('Sturdy and renamed');
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible({ timeout: 15_000 });
    await page.reload();
    await expect(title).toHaveValue('Sturdy and renamed');
    await expect(timeline.getByText('changed title "Sturdy" → "Sturdy and renamed"')).toBeVisible();

    const composer = page.getByRole('textbox', { name: 'Write a comment' });
    await composer.click();
    await page.keyboard.type('Said just before a reload');
    await page.keyboard.press('Control+Enter');
    await expect(timeline.getByText('Said just before a reload')).toBeVisible();
    await page.reload();
    await expect(timeline.getByText('Said just before a reload')).toBeVisible();

    // The project's list says the same.
    await page.goto(`/project/${projectId}/list`);
    await expect(page.getByRole('row', { name: /Sturdy and renamed/ })).toBeVisible();
  });

  test('a card moved on the board stays in its new column after a reload at once', async ({
    browser,
    mail,
    baseURL,
  }) => {
    const page = await freshPage(browser, baseURL);
    const user = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Bo',
      lastname: 'Board',
      organization: 'Boards Ltd',
    });
    const { projectId } = await createProjectWithTask(page, baseURL, user.organizationId, {
      project: 'Moves',
      trigram: 'MOV',
      task: 'Slide me',
    });
    await page.goto(`/project/${projectId}/kanban`);
    const todo = page.getByRole('region', { name: 'To Do' });
    const doing = page.getByRole('region', { name: 'Doing' });
    await expect(todo.getByRole('article', { name: '#1 Slide me' })).toBeVisible();
    // Seen once already, so the offline copy holds the board as it was before the move.
    await page.reload();
    await expect(todo.getByRole('article', { name: '#1 Slide me' })).toBeVisible();

    await page.getByRole('button', { name: 'Move Slide me' }).focus();
    await liftFocusedCard(page);
    await page.keyboard.press('ArrowRight');
    await expect(doing.getByRole('article', { name: '#1 Slide me' })).toBeVisible();
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/kanban-update'));
    await page.keyboard.press('Space');
    expect((await saved).status()).toBe(200);
    await page.reload();
    await expect(doing.getByRole('article', { name: '#1 Slide me' })).toBeVisible();
    await expect(todo.getByRole('article')).toHaveCount(0);
  });

  test('a member who just joined is in the owner’s members list after a reload at once', async ({
    browser,
    mail,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const page = await freshPage(browser, baseURL);
    const owner = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Mia',
      lastname: 'Manager',
      organization: 'Crew',
    });
    await page.goto(`/settings/organization/${owner.organizationId}`);
    await expect(page.getByRole('heading', { name: 'Organization Crew' })).toBeVisible();
    const newEmail = uniqueEmail('joiner');
    const invite = await page.request.post(`/api/organizations/${owner.organizationId}/invitations`, {
      headers: { origin: baseURL },
      data: { firstname: 'Jo', lastname: 'Joiner', email: newEmail },
    });
    expect(invite.status()).toBe(201);
    // Seen without the newcomer, so the offline copy holds the list as it was before they joined.
    const members = page.getByRole('table', { name: 'Members' });
    await page.reload();
    await expect(members.getByRole('row', { name: new RegExp(owner.email) })).toBeVisible();
    await expect(members.getByRole('row', { name: new RegExp(newEmail) })).toHaveCount(0);
    await live(page);

    const message = await mail.waitFor(newEmail, /invited to join Crew/);
    const joinerContext = await browser.newContext({ baseURL });
    const joiner = await joinerContext.newPage();
    await joiner.goto(MailCatcher.linkIn(message, baseURL));
    await joiner.getByLabel(/^Password/).fill('joined-secret');
    await joiner.getByRole('button', { name: 'Join the organization' }).click();
    await expect(joiner.getByText('Organization successfully joined')).toBeVisible();

    // The owner's open page shows the newcomer (a live update); a reload at once still does.
    await expect(members.getByRole('row', { name: new RegExp(newEmail) })).toContainText('Member');
    await page.reload();
    await expect(members.getByRole('row', { name: new RegExp(newEmail) })).toContainText('Member');
    await joinerContext.close();
  });
});

test.describe('the offline copy after a change', () => {
  // Without a service worker, page.route sees the page's own requests.
  test.use({ serviceWorkers: 'block' });

  test('holds the change a moment after it is confirmed: with the server slow to answer, a reload shows it from the copy', async ({
    page,
    mail,
    baseURL,
  }) => {
    await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Cody',
      lastname: 'Copy',
      organization: 'Copies',
    });
    await page.goto('/projects');
    await expect(page.getByText("It's empty!")).toBeVisible();
    await expect.poll(async () => (await storedQueries(page, ['projects'])).length).toBe(1);

    await page.getByRole('button', { name: 'Add a project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a project' });
    await dialog.getByRole('textbox', { name: 'Name' }).pressSequentially('Quickly');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();
    // Created, it opens; back on the projects, the table lists it.
    await expect(page.getByRole('heading', { name: 'Quickly', level: 1 })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/projects$/);
    await expect(page.getByRole('row', { name: /Quickly/ })).toBeVisible();
    // The new project has reached the device's copy (IndexedDB) before the reload.
    await expect
      .poll(async () => JSON.stringify((await storedQueries(page, ['projects'])).map((q) => q.state.data)))
      .toContain('Quickly');

    // The server's list does not answer: what the reload shows comes from the device.
    await page.route(
      (url) => url.pathname === '/api/projects',
      () => {},
    );
    await page.reload();
    await expect(page.getByRole('row', { name: /Quickly/ })).toBeVisible();
    await expect(page.getByText("It's empty!")).toHaveCount(0);
  });
});

test.describe('a change made offline and refused after a reload', () => {
  test('is undone on the page, with the error toast', async ({ page, context, mail, baseURL }) => {
    test.setTimeout(90_000);
    const user = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Una',
      lastname: 'Undone',
      organization: 'Refusals',
    });
    const { taskId } = await createProjectWithTask(page, baseURL, user.organizationId, {
      project: 'Offline',
      trigram: 'OFF',
      task: 'Soon gone',
    });
    await page.goto(`/task/${taskId}`);
    await expect(statusOnTaskPage(page)).toHaveValue('To Do');
    await keptForOffline(page, ['task', taskId], 2);

    await context.setOffline(true);
    await statusOnTaskPage(page).click();
    await page.getByRole('option', { name: 'Doing' }).click();
    const waiting = page.getByRole('status').filter({ hasText: '1 change waits to be sent' });
    await expect(waiting).toBeVisible();
    await expect.poll(() => storedChanges(page)).toBe(1);
    await reloadOffline(page);
    await expect(waiting).toBeVisible();
    await expect(statusOnTaskPage(page)).toHaveValue('Doing');

    // Meanwhile the task is deleted elsewhere: the server will refuse the change.
    const deleted = await page.request.delete(`/api/tasks/${taskId}`, { headers: { origin: baseURL } });
    expect(deleted.status()).toBe(204);

    await reconnect(page);
    await expect(page.getByText(MESSAGES.saveFailed)).toBeVisible();
    // Undone at once, though the task cannot be read again to say so.
    await expect(statusOnTaskPage(page)).toHaveValue('To Do');
    await expect(waiting).toBeHidden();
    await expect.poll(() => storedChanges(page)).toBe(0);
  });
});
