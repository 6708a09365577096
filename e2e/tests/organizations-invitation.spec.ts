import { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from '../support/fixtures.ts';
import { createProjectWithTask } from '../support/task-page-setup.ts';
import { live } from '../support/two-members.ts';
import {
  inviteThroughDialog,
  registerAccount,
  signedInOwner,
  signIn,
  uniqueName,
} from './organizations-support.ts';

/** A board's card, named by its reference and title. */
const card = (page: Page, title: string) =>
  page.getByRole('article', { name: new RegExp(`^\\S+ ${title}$`) });

test.describe('inviting a new person', () => {
  test('an owner invites a new address; the invitee sets a password and joins; once removed, they are refused', async ({
    page,
    browser,
    mail,
    baseURL,
  }) => {
    test.setTimeout(120_000); // two people, a live board, a removal: longer than one page's journey
    const { organizationId, organizationName } = await signedInOwner(page, mail, baseURL, 'Acme');
    const projectName = uniqueName('Launch');
    const { projectId } = await createProjectWithTask(page, baseURL, organizationId, {
      project: projectName,
      trigram: 'LCH',
      task: 'Kickoff',
    });

    // The owner opens the organization from the settings side nav and invites someone new.
    await page.goto('/settings/profile');
    await page
      .getByRole('navigation', { name: 'Settings' })
      .getByRole('link', { name: `Organization ${organizationName}` })
      .click();
    await expect(page.getByRole('heading', { name: `Organization ${organizationName}` })).toBeVisible();
    await expect(page.getByText('Owner', { exact: true }).first()).toBeVisible();
    const inviteeEmail = uniqueEmail('invitee');
    await inviteThroughDialog(page, { firstname: 'Nina', lastname: 'Newcomer', email: inviteeEmail });

    // The invitee follows the emailed link in their own browser, chooses a password and joins.
    const message = await mail.waitFor(inviteeEmail, new RegExp(`invited to join ${organizationName}`));
    const link = MailCatcher.linkIn(message, baseURL);
    const inviteeContext = await browser.newContext({ baseURL });
    const invitee = await inviteeContext.newPage();
    await invitee.goto(link);
    await expect(invitee.getByRole('heading', { name: `Join ${organizationName}` })).toBeVisible();
    await expect(invitee.getByRole('textbox', { name: 'Email' })).toHaveValue(inviteeEmail);
    await invitee.getByLabel(/^Password/).fill('joined-secret');
    await invitee.getByRole('button', { name: 'Join the organization' }).click();
    await expect(invitee).toHaveURL(/\/auth\?invitation/);
    await expect(invitee.getByText('Organization successfully joined')).toBeVisible();
    await invitee
      .getByRole('link', { name: /projects/i })
      .first()
      .click();
    await expect(invitee).toHaveURL(/\/projects/);
    // The organization's project is on their projects screen.
    await expect(invitee.getByRole('row', { name: new RegExp(projectName) })).toContainText(organizationName);
    const theirOrganizations = await invitee.request.get('/api/organizations');
    expect(((await theirOrganizations.json()) as Array<{ name: string }>).map((o) => o.name)).toContain(
      organizationName,
    );
    expect((await invitee.request.get(`/api/organizations/${organizationId}/members`)).status()).toBe(200);

    // The link worked once: opening it again says so.
    await invitee.goto(link);
    await expect(
      invitee.getByText('This invitation has already been used. Sign in to continue.'),
    ).toBeVisible();

    // The invitee keeps the project's board open, its live connection up.
    await invitee.goto(`/project/${projectId}/kanban`);
    await expect(invitee.getByRole('heading', { name: projectName, level: 1 })).toBeVisible();
    await live(invitee);
    await expect(card(invitee, 'Kickoff')).toBeVisible();
    const before = await page.request.post(`/api/projects/${projectId}/tasks`, {
      headers: { origin: baseURL },
      data: { title: 'Before the removal' },
    });
    expect(before.status()).toBe(201);
    await expect(card(invitee, 'Before the removal')).toBeVisible();

    // The owner sees the newcomer and removes them.
    await page.reload();
    const row = page.getByRole('row', { name: new RegExp(inviteeEmail) });
    await expect(row).toContainText('Member');
    await row.getByRole('button', { name: 'Remove Nina Newcomer' }).click();
    const confirmDialog = page.getByRole('dialog', { name: 'Revoke Access?' });
    await expect(confirmDialog).toContainText('Are you sure you want to revoke the access of Nina Newcomer?');
    await confirmDialog.getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText('Member has been revoked.')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(inviteeEmail) })).toHaveCount(0);

    // The owner adds a task: their own open board shows it live, the invitee's open board does not.
    await page.goto(`/project/${projectId}/kanban`);
    await live(page);
    await expect(card(page, 'Kickoff')).toBeVisible();
    const added = await page.request.post(`/api/projects/${projectId}/tasks`, {
      headers: { origin: baseURL },
      data: { title: 'After the removal' },
    });
    expect(added.status()).toBe(201);
    await expect(card(page, 'After the removal')).toBeVisible();
    // The same event reached the owner's page; give the invitee's page as long again to (not) show it.
    await invitee.waitForTimeout(1_000);
    await expect(card(invitee, 'After the removal')).toHaveCount(0);
    await expect(card(invitee, 'Before the removal')).toBeVisible();
    // Reloading the board: the project is gone for them, and so it is from their projects screen.
    await invitee.reload();
    await expect(invitee.getByRole('heading', { name: 'Project not found', level: 1 })).toBeVisible();
    await expect(card(invitee, 'After the removal')).toHaveCount(0);
    await invitee.goto('/projects');
    await expect(invitee.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
    await expect(invitee.getByText("It's empty!")).toBeVisible(); // loaded, and they are in no organization now
    await expect(invitee.getByRole('row', { name: new RegExp(projectName) })).toHaveCount(0);

    // Their very next request for that organization is refused, and its settings page says not found.
    expect((await invitee.request.get(`/api/organizations/${organizationId}`)).status()).toBe(404);
    expect((await invitee.request.get(`/api/organizations/${organizationId}/members`)).status()).toBe(404);
    await invitee.goto(`/settings/organization/${organizationId}`);
    await expect(invitee.getByText('Organization not found')).toBeVisible();
    await inviteeContext.close();
  });

  test('an address that already has an account gets a consent link and joins only after accepting it', async ({
    page,
    browser,
    mail,
    baseURL,
  }) => {
    const existing = await registerAccount(page.request, mail, baseURL, {
      firstname: 'Ed',
      lastname: 'Existing',
    });
    const { organizationId, organizationName } = await signedInOwner(page, mail, baseURL, 'Studio', {
      firstname: 'Olga',
      lastname: 'Owner',
    });
    await page.goto(`/settings/organization/${organizationId}`);
    await live(page);
    await inviteThroughDialog(page, { firstname: 'Ed', lastname: 'Existing', email: existing.email });
    // Pending, not a member: the account joins only by accepting.
    const pending = page.getByRole('table', { name: 'Pending invitations' });
    await expect(pending.getByRole('row', { name: new RegExp(existing.email) })).toBeVisible();
    const members = page.getByRole('table', { name: 'Members' });
    await expect(members.getByRole('row', { name: new RegExp(existing.email) })).toHaveCount(0);

    const message = await mail.waitFor(
      existing.email,
      new RegExp(`You are invited to join ${organizationName}`),
    );
    expect(message.text).toContain(`Olga Owner invited you to join the organization ${organizationName}`);
    const link = MailCatcher.linkIn(message, baseURL);
    expect(new URL(link).pathname).toBe('/invitation');

    const theirContext = await browser.newContext({ baseURL });
    const them = await theirContext.newPage();
    await signIn(them, baseURL, existing);
    const before = (await (await them.request.get('/api/organizations')).json()) as Array<{ name: string }>;
    expect(before.map((o) => o.name)).not.toContain(organizationName);
    await them.goto(link);
    await expect(them.getByRole('heading', { name: `Join ${organizationName}` })).toBeVisible();
    await expect(them.getByRole('textbox', { name: 'Email' })).toHaveValue(existing.email);
    // Their account keeps its password: none is asked for.
    await expect(them.getByLabel(/^Password/)).toHaveCount(0);
    await them.getByRole('button', { name: 'Join the organization' }).click();
    await expect(them).toHaveURL(/\/auth\?invitation/);
    await expect(them.getByText('Organization successfully joined')).toBeVisible();
    const after = (await (await them.request.get('/api/organizations')).json()) as Array<{ name: string }>;
    expect(after.map((o) => o.name)).toContain(organizationName);

    // The owner's open page follows: the invitation leaves the pending list, the member appears.
    await expect(members.getByRole('row', { name: new RegExp(existing.email) })).toContainText('Member');
    await expect(page.getByText('No pending invitations.')).toBeVisible();
    await theirContext.close();
  });
});
