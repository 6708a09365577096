import { MESSAGES } from '@figgle/shared/constants';
import { signUpWithOrganization } from '@figgle/test-support/api-users';
import { SAMPLE_FILE_KEY, SAMPLE_FILE_NAME, SAMPLE_TEAM_ID } from '@figgle/test-support/fake-figma';
import { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { Locator, Page } from '@playwright/test';
import { testWithFakeFigma } from '../support/figma-test.ts';
import { expect, uniqueEmail } from '../support/fixtures.ts';
import { expectVisibleFocus, retype, tabTo } from '../support/keyboard.ts';
import { createProjectWithTask } from '../support/task-page-setup.ts';

// The journeys of keyboard-journeys.spec.ts, continued (issue 10): registration and onboarding, the
// settings pages, Figma settings and the radar, the dashboard's widgets and the inbox's See more, all
// with Tab / Shift+Tab / Enter / Space / arrows only. Set-up data is made over HTTP; every step a
// person does goes through page.keyboard (no click, no fill, no programmatic focus).

const TOKEN = 'figd_e2e-keyboard-token-Q4xz7c3d4';

const test = testWithFakeFigma(TOKEN);

/** A closed native select: ArrowDown steps through its options until `label` is chosen. */
async function arrowToNativeOption(page: Page, select: Locator, label: string) {
  for (let presses = 0; presses < 10; presses++) {
    const chosen = await select.evaluate((element: HTMLSelectElement) => element.selectedOptions[0]?.label);
    if (chosen === label) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`ArrowDown never chose ${label} in ${select}`);
}

const mainNavigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const settingsNavigation = (page: Page) => page.getByRole('navigation', { name: 'Settings' });

test.describe('keyboard only, continued', () => {
  // The offline service worker answers navigations itself; these journeys are about the keyboard.
  test.use({ serviceWorkers: 'block' });

  test('register, open the emailed link, log in and go through onboarding steps 1 to 3', async ({
    page,
    mail,
    baseURL,
  }) => {
    const email = uniqueEmail('keys-newcomer');
    await page.goto('/login');
    await tabTo(page, page.getByRole('link', { name: 'Register' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/register$/);

    const form = page.getByRole('form', { name: 'Register' });
    await tabTo(page, form.getByRole('textbox', { name: 'Firstname' }));
    await page.keyboard.type('Tabitha');
    await tabTo(page, form.getByRole('textbox', { name: 'Lastname' }));
    await page.keyboard.type('Keys');
    await tabTo(page, form.getByRole('textbox', { name: 'Email' }));
    await page.keyboard.type(email);
    await tabTo(page, form.getByRole('textbox', { name: 'Password', exact: true }));
    await page.keyboard.type('tab-enter-space');
    await tabTo(page, form.getByRole('button', { name: 'Register' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/auth\?creation=true/);
    await expect(page.getByRole('region', { name: MESSAGES.authCards.creation })).toContainText(email);

    // The link of the email is opened as the mail client would.
    const message = await mail.waitFor(email, /confirm/i);
    await page.goto(MailCatcher.linkIn(message, baseURL));
    await expect(page.getByRole('region', { name: MESSAGES.authCards.activation })).toBeVisible();
    await tabTo(page, page.getByRole('link', { name: 'Log in' }));
    await page.keyboard.press('Enter');

    const login = page.getByRole('form', { name: 'Log in' });
    await tabTo(page, login.getByRole('textbox', { name: 'Email' }));
    await page.keyboard.type(email);
    await tabTo(page, login.getByRole('textbox', { name: 'Password', exact: true }));
    await page.keyboard.type('tab-enter-space');
    await tabTo(page, login.getByRole('button', { name: 'Connect' }));
    await page.keyboard.press('Enter');

    // Step 1: the first field has the focus; the names are changed and Next is reached by Tab.
    await expect(page).toHaveURL(/\/onboarding\/step-1$/);
    const firstname = page.getByRole('textbox', { name: 'Firstname' });
    await expect(firstname).toHaveValue('Tabitha');
    await expect(firstname).toBeFocused();
    await expectVisibleFocus(firstname);
    await tabTo(page, page.getByRole('textbox', { name: 'Lastname' }));
    await retype(page, 'Keyes');
    await tabTo(page, page.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');

    // Step 2: the organization's name, focused; Confirm by Tab and Enter.
    await expect(page).toHaveURL(/\/onboarding\/step-2$/);
    const organization = page.getByRole('textbox', { name: 'Name of your organization' });
    await expect(organization).toBeFocused();
    await retype(page, 'Keyboard Guild');
    await tabTo(page, page.getByRole('button', { name: 'Confirm' }));
    await page.keyboard.press('Enter');

    // Step 3: Go to Figgle.
    await expect(page).toHaveURL(/\/onboarding\/step-3$/);
    await tabTo(page, page.getByRole('link', { name: 'Go to Figgle' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/projects-cards$/);

    const me = await (await page.request.get('/api/me')).json();
    expect(me).toMatchObject({ firstname: 'Tabitha', lastname: 'Keyes', needs_onboarding: false });
    const organizations = (await (await page.request.get('/api/organizations')).json()) as Array<{
      name: string;
    }>;
    expect(organizations.map((o) => o.name)).toEqual(['Keyboard Guild']);
  });

  test('settings: save the profile, rename the organization, invite a member, change the password', async ({
    page,
    baseURL,
    mail,
  }) => {
    const owner = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Sam',
      lastname: 'Settings',
      organization: 'Keyed Up',
    });
    await page.goto('/projects');
    await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();

    // Settings from the side navigation; the profile opens first.
    await tabTo(page, mainNavigation(page).getByRole('link', { name: 'Settings' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/settings\/profile$/);
    const profile = page.getByRole('form', { name: 'Profile' });
    await tabTo(page, profile.getByRole('textbox', { name: 'Firstname' }));
    await retype(page, 'Samantha');
    await tabTo(page, profile.getByRole('textbox', { name: 'Lastname' }));
    await retype(page, 'Shortcut');
    await tabTo(page, profile.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText(MESSAGES.profileUpdated)).toBeVisible();
    await expect(page.getByRole('img', { name: 'Samantha Shortcut' })).toHaveText('SS');

    // The organization, from the settings navigation (before the form in the tab order).
    await tabTo(page, settingsNavigation(page).getByRole('link', { name: 'Organization Keyed Up' }), {
      backwards: true,
    });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Organization Keyed Up' })).toBeVisible();
    const nameForm = page.getByRole('form', { name: 'Organization name' });
    await tabTo(page, nameForm.getByRole('textbox', { name: 'Name' }));
    await retype(page, 'Keyed Down');
    await tabTo(page, nameForm.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText(MESSAGES.organizationUpdated)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Organization Keyed Down' })).toBeVisible();

    // Invite a member: the dialog takes the focus on its first field; Tab moves through it.
    const invitee = uniqueEmail('keys-invitee');
    const inviteButton = page.getByRole('button', { name: 'Invite a new member' });
    await tabTo(page, inviteButton);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Invite a new member' });
    await expect(dialog.getByRole('textbox', { name: 'Firstname' })).toBeFocused();
    await page.keyboard.type('Nico');
    await tabTo(page, dialog.getByRole('textbox', { name: 'Lastname' }));
    await page.keyboard.type('Newkey');
    await tabTo(page, dialog.getByRole('textbox', { name: 'Email' }));
    await page.keyboard.type(invitee);
    await tabTo(page, dialog.getByRole('button', { name: 'Invite' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText(MESSAGES.memberInvited(invitee))).toBeVisible();
    await expect(dialog).toBeHidden();
    await mail.waitFor(invitee, /invited to join Keyed Down/);

    // The password.
    await tabTo(page, settingsNavigation(page).getByRole('link', { name: 'Password' }), { backwards: true });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/settings\/password$/);
    const passwordForm = page.getByRole('form', { name: 'Change password' });
    await tabTo(page, passwordForm.getByLabel(/^Current Password/));
    await page.keyboard.type(owner.password);
    const newPassword = passwordForm.getByLabel(/^New Password/);
    await tabTo(page, newPassword);
    await page.keyboard.type('keyboard-only-2');
    await tabTo(page, passwordForm.getByRole('button', { name: 'Change' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText(MESSAGES.passwordUpdated)).toBeVisible();
    await expect(newPassword).toHaveValue('');

    // All of it is on the server.
    const me = await (await page.request.get('/api/me')).json();
    expect(me).toMatchObject({ firstname: 'Samantha', lastname: 'Shortcut' });
    const organizationAnswer = await page.request.get(`/api/organizations/${owner.organizationId}`);
    const organization = (await organizationAnswer.json()) as { name: string };
    expect(organization.name).toBe('Keyed Down');
    const signIn = await page.request.post('/api/auth/sign-in/email', {
      headers: { origin: baseURL },
      data: { email: owner.email, password: 'keyboard-only-2' },
    });
    expect(signIn.status()).toBe(200);
  });

  test('Figma: token, team id, a new link, the radar with See More and a task from an event, the dashboard, removing the link', async ({
    page,
    mail,
    baseURL,
    fakeFigma,
  }) => {
    test.setTimeout(180_000);
    const headers = { origin: baseURL };
    const owner = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Fig',
      lastname: 'Keys',
      organization: 'Keyboard Design',
    });
    const me = (await (await page.request.get('/api/me')).json()) as { user_id: string };
    const project = await page.request.post('/api/projects', {
      headers,
      data: { name: 'Checkout', trigram: 'CHK', organization_id: owner.organizationId },
    });
    expect(project.status()).toBe(201);
    const { project_id: projectId } = (await project.json()) as { project_id: string };
    const mine = await page.request.post(`/api/projects/${projectId}/tasks`, {
      headers,
      data: { title: 'Review the focus rings', status: 'TODO', assignee_id: me.user_id },
    });
    expect(mine.status()).toBe(201);

    // Figma settings are reached from the radar.
    await page.goto('/projects');
    await tabTo(page, mainNavigation(page).getByRole('link', { name: 'Figma Radar' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Figma Radar', level: 1 })).toBeVisible();
    await tabTo(page, page.getByRole('link', { name: 'Figma settings' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/settings\/figma$/);

    // The personal token.
    const tokenForm = page.getByRole('form', { name: 'Figma token' });
    await tabTo(page, tokenForm.getByLabel('Figma token'));
    await page.keyboard.type(TOKEN);
    await tabTo(page, tokenForm.getByRole('button', { name: 'Register' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText(MESSAGES.figmaTokenSaved)).toBeVisible();
    await expect(tokenForm.getByText('figd_…c3d4')).toBeVisible();

    // The Team Id, sent with Enter from the field.
    const teamForm = page.getByRole('form', { name: 'Figma team of Keyboard Design' });
    await tabTo(page, teamForm.getByRole('textbox', { name: 'Team Id' }));
    await page.keyboard.type(SAMPLE_TEAM_ID);
    await page.keyboard.press('Enter');
    await expect(page.getByText(MESSAGES.figmaTeamIdSaved)).toBeVisible();
    await expect(page.getByText(MESSAGES.figmaIntegrationLive)).toBeVisible();
    await expect(page.getByText('Integration live')).toBeVisible();
    const webhookId = fakeFigma.latestWebhook()!.id;

    // The reply switch turns on with Space.
    const replySwitch = page.getByRole('switch', { name: 'Reply in Figma when a task is done' });
    await tabTo(page, replySwitch);
    await page.keyboard.press('Space');
    await expect(replySwitch).toBeChecked();

    // Add a new link: the file's address, the project chosen with the arrows, Create.
    await tabTo(page, page.getByRole('button', { name: 'Add a new link' }));
    await page.keyboard.press('Enter');
    const addLink = page.getByRole('dialog', { name: 'Add a new link' });
    const fileId = addLink.getByRole('textbox', { name: 'Figma file id' });
    await expect(fileId).toBeFocused();
    await page.keyboard.type(`https://www.figma.com/design/${SAMPLE_FILE_KEY}/Checkout-redesign`);
    const projectSelect = addLink.getByRole('combobox', { name: 'Project' });
    await tabTo(page, projectSelect);
    await expect(projectSelect.getByRole('option', { name: 'Checkout (Keyboard Design)' })).toBeAttached();
    await arrowToNativeOption(page, projectSelect, 'Checkout (Keyboard Design)');
    await expect(projectSelect).toHaveValue(projectId);
    await tabTo(page, addLink.getByRole('button', { name: 'Create' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText(MESSAGES.figmaLinkCreated)).toBeVisible();
    await expect(addLink).toBeHidden();
    const links = page.getByRole('table', { name: 'Figma links' });
    const linkRow = links.getByRole('row', { name: new RegExp(SAMPLE_FILE_NAME) });
    await expect(linkRow.getByRole('link', { name: 'Checkout', exact: true })).toBeVisible();

    // On the radar, eleven comments arrive live on a file of no project: ten show, See More the last.
    // (They are sent once the radar is open: the radar read a minute ago is not read again on return.)
    await tabTo(page, mainNavigation(page).getByRole('link', { name: 'Figma Radar' }), { backwards: true });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Figma Radar', level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-realtime', 'open');
    for (let i = 1; i <= 11; i += 1) {
      const answer = await fakeFigma.deliverPlainComment({
        webhookId,
        text: `Keyboard note ${i}`,
        fileKey: 'KeyboardFile000001',
        fileName: 'Keyboard file',
      });
      expect(answer.status).toBe(200);
    }
    const notes = page.getByRole('article').filter({ hasText: /Keyboard note \d+/ });
    await expect(notes).toHaveCount(10, { timeout: 20_000 });
    await expect(notes.first()).toContainText('Keyboard note 11');
    await tabTo(page, page.getByRole('button', { name: 'See More' }));
    await page.keyboard.press('Enter');
    await expect(notes).toHaveCount(11);
    await expect(notes.last()).toContainText('Keyboard note 1');
    await expect(page.getByRole('button', { name: 'See More' })).toHaveCount(0);

    // The newest note's dialog: the project is chosen with the arrows, then the task is created.
    const newest = notes.filter({ hasText: 'Keyboard note 11' });
    const details = newest.getByRole('button', { name: 'Details' });
    await tabTo(page, details, { backwards: true });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\?eventId=/);
    const eventDialog = page.getByRole('dialog', { name: 'Comment on Keyboard file' });
    await expect(eventDialog.getByText('Keyboard note 11')).toBeVisible();
    const eventProject = eventDialog.getByRole('combobox', { name: 'Project' });
    await tabTo(page, eventProject);
    await expect(eventProject.getByRole('option', { name: 'Checkout' })).toBeAttached();
    await arrowToNativeOption(page, eventProject, 'Checkout');
    await tabTo(page, eventDialog.getByRole('button', { name: 'Create a Task from this event' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText(MESSAGES.taskCreated)).toBeVisible();
    await expect(eventDialog).toBeHidden();
    await expect(page).not.toHaveURL(/eventId=/);
    // The focus comes back to where the dialog was opened from.
    await expect(details).toBeFocused();

    // The dashboard: every widget's links are in the tab order, with a visible focus.
    await tabTo(page, mainNavigation(page).getByRole('link', { name: 'Dashboard' }), { backwards: true });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Control Panel', level: 1 })).toBeVisible();
    const widget = (title: string) => page.getByRole('region', { name: title });
    await tabTo(page, widget('Most active projects').getByRole('link', { name: 'Checkout' }));
    await tabTo(page, widget('My To Do').getByRole('link', { name: 'Review the focus rings' }));
    const figmaWidget = widget('Latest Figma comments and replies');
    await expect(figmaWidget).toContainText('Keyboard note 11');
    const newestFigmaRow = figmaWidget.getByRole('listitem').filter({ hasText: 'Keyboard note 11' });
    await tabTo(page, newestFigmaRow.getByRole('link', { name: 'Checkout' }));
    await tabTo(page, newestFigmaRow.getByRole('link', { name: 'Open the task' }));
    await tabTo(page, figmaWidget.getByRole('link', { name: 'See everything on the Figma Radar' }));
    // Back to the task made from the event, and open it.
    await tabTo(page, newestFigmaRow.getByRole('link', { name: 'Open the task' }), { backwards: true });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Keyboard note 11');
    // And the task of My To Do.
    await tabTo(page, mainNavigation(page).getByRole('link', { name: 'Dashboard' }), { backwards: true });
    await page.keyboard.press('Enter');
    await tabTo(page, widget('My To Do').getByRole('link', { name: 'Review the focus rings' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Review the focus rings');

    // Remove the link: the confirmation and the notice are answered by keyboard.
    await tabTo(page, mainNavigation(page).getByRole('link', { name: 'Figma Radar' }), { backwards: true });
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('link', { name: 'Figma settings' }));
    await page.keyboard.press('Enter');
    const remove = linkRow.getByRole('button', { name: /^Remove the link/ });
    await tabTo(page, remove);
    await page.keyboard.press('Enter');
    const confirmDelete = page.getByRole('dialog', { name: MESSAGES.deleteFigmaLinkTitle });
    await tabTo(page, confirmDelete.getByRole('button', { name: 'Delete' }));
    await page.keyboard.press('Enter');
    const deleted = page.getByRole('dialog', { name: MESSAGES.figmaLinkDeletedTitle });
    await tabTo(page, deleted.getByRole('button', { name: 'Ok' }));
    await page.keyboard.press('Enter');
    await expect(deleted).toBeHidden();
    await expect(links.getByText(MESSAGES.tableEmpty)).toBeVisible();

    // What was done by keyboard is stored.
    const settings = (await (await page.request.get('/api/figma/settings')).json()) as unknown;
    expect(JSON.stringify(settings)).toContain('"reply_on_done":true');
    const tasks = (await (await page.request.get(`/api/projects/${projectId}/tasks`)).json()) as unknown;
    expect(JSON.stringify(tasks)).toContain('Keyboard note 11');
  });

  test('the inbox: See more by keyboard, then an entry opens its task', async ({ page, mail, baseURL }) => {
    const solo = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Ines',
      lastname: 'Inbox',
      organization: 'Inbox Keys',
    });
    const { taskId } = await createProjectWithTask(page, baseURL, solo.organizationId, {
      project: 'Garden',
      trigram: 'GAR',
      task: 'Water the plants',
    });
    for (let i = 1; i <= 12; i++) {
      const rename = await page.request.patch(`/api/tasks/${taskId}`, {
        headers: { origin: baseURL },
        data: { title: `Water the plants ${i}` },
      });
      expect(rename.status()).toBe(200);
    }

    await page.goto('/projects');
    await tabTo(page, mainNavigation(page).getByRole('link', { name: /^Inbox/ }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
    // The inbox opens on For me; the arrow key moves to the Everything tab and shows it.
    await tabTo(page, page.getByRole('tab', { name: 'For me' }));
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Everything' })).toHaveAttribute('aria-selected', 'true');
    const entries = page.getByRole('list', { name: 'Notifications' }).getByRole('listitem');
    await expect(entries).toHaveCount(10);
    await tabTo(page, page.getByRole('button', { name: 'See more' }));
    await page.keyboard.press('Enter');
    await expect(entries).toHaveCount(13);
    await expect(entries.last()).toContainText('task created');
    await expect(page.getByRole('button', { name: 'See more' })).toHaveCount(0);

    // The oldest entry, just above where See more was, opens the task.
    await tabTo(page, entries.last().getByRole('link', { name: /^#1 / }), { backwards: true });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/task/${taskId}$`));
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Water the plants 12');
  });
});
