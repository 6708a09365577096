import { expect, test, uniqueEmail } from '../support/fixtures.ts';
import { registerAccount, signedInOwner, signIn } from './organizations-support.ts';

test.describe('organization settings refuse bad input clearly and change nothing', () => {
  test('empty names, malformed email, duplicate invitation, removing the last owner', async ({
    page,
    mail,
    baseURL,
  }) => {
    const {
      owner,
      organizationId,
      organizationName: name,
    } = await signedInOwner(page, mail, baseURL, 'Solid');
    await page.goto(`/settings/organization/${organizationId}`);

    // An empty organization name is not sent.
    const nameField = page.getByRole('textbox', { name: 'Name' });
    await nameField.fill('  ');
    await page.getByRole('button', { name: 'Save' }).click();
    expect(await nameField.evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(false);
    await expect(page.getByText('Organization has been successfully updated!')).toHaveCount(0);

    // A malformed email and empty names are not sent either.
    await page.getByRole('button', { name: 'Invite a new member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a new member' });
    await dialog.getByRole('textbox', { name: 'Firstname' }).fill('Bad');
    await dialog.getByRole('textbox', { name: 'Lastname' }).fill('Email');
    const email = dialog.getByRole('textbox', { name: 'Email' });
    await email.fill('not-an-email');
    await dialog.getByRole('button', { name: 'Invite' }).click();
    expect(await email.evaluate((input: HTMLInputElement) => input.validity.typeMismatch)).toBe(true);
    await dialog.getByRole('textbox', { name: 'Firstname' }).fill('');
    await email.fill(uniqueEmail('never'));
    await dialog.getByRole('button', { name: 'Invite' }).click();
    expect(
      await dialog
        .getByRole('textbox', { name: 'Firstname' })
        .evaluate((input: HTMLInputElement) => input.validity.valueMissing),
    ).toBe(true);
    await expect(dialog).toBeVisible();

    // Inviting someone already invited: the Error dialog names the problem.
    const invited = uniqueEmail('twice');
    await dialog.getByRole('textbox', { name: 'Firstname' }).fill('Tom');
    await email.fill(invited);
    await dialog.getByRole('button', { name: 'Invite' }).click();
    await expect(page.getByText(`${invited} is invited.`)).toBeVisible();
    await page.getByRole('button', { name: 'Invite a new member' }).click();
    await dialog.getByRole('textbox', { name: 'Firstname' }).fill('Tom');
    await dialog.getByRole('textbox', { name: 'Lastname' }).fill('Twice');
    await dialog.getByRole('textbox', { name: 'Email' }).fill(invited);
    await dialog.getByRole('button', { name: 'Invite' }).click();
    const error = page.getByRole('dialog', { name: 'Error' });
    await expect(error).toContainText(
      `${invited} has already been invited to this organization. If the problem persists, contact our support.`,
    );
    await expect(error.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
    await error.getByRole('button', { name: 'Ok' }).click();
    await expect(error).toBeHidden();

    // Inviting an existing member: same clear error.
    await dialog.getByRole('textbox', { name: 'Email' }).fill(owner.email);
    await dialog.getByRole('button', { name: 'Invite' }).click();
    await expect(page.getByRole('dialog', { name: 'Error' })).toContainText(
      `${owner.email} is already a member of this organization.`,
    );
    await page.getByRole('dialog', { name: 'Error' }).getByRole('button', { name: 'Ok' }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The last owner cannot be removed: the control is off with its reason, and the server refuses.
    await expect(page.getByRole('button', { name: 'Remove Olive Owner' })).toBeDisabled();
    await expect(page.getByRole('row', { name: new RegExp(owner.email) })).toContainText(
      'The last owner: make someone else an owner first.',
    );
    await expect(page.getByRole('row', { name: new RegExp(owner.email) })).toContainText('Owner');

    const organization = (await (await page.request.get(`/api/organizations/${organizationId}`)).json()) as {
      name: string;
      rules: Array<{ rule_id: string }>;
    };
    const removal = await page.request.delete(
      `/api/organizations/${organizationId}/members/${organization.rules[0]!.rule_id}`,
      { headers: { origin: baseURL } },
    );
    expect(removal.status()).toBeGreaterThanOrEqual(400);
    expect(removal.status()).toBeLessThan(500);
    expect(await removal.text()).toContain('Make someone else an owner first.');
    expect(organization.name).toBe(name);
    expect(organization.rules).toHaveLength(1);
  });

  test("someone else's organization cannot be opened or renamed", async ({
    page,
    browser,
    mail,
    baseURL,
  }) => {
    const stranger = await registerAccount(page.request, mail, baseURL, {
      firstname: 'Sid',
      lastname: 'Stranger',
    });
    const { organizationId, organizationName: name } = await signedInOwner(page, mail, baseURL, 'Private', {
      firstname: 'Ann',
      lastname: 'Owner',
    });

    const strangerContext = await browser.newContext({ baseURL });
    const strangerPage = await strangerContext.newPage();
    await signIn(strangerPage, baseURL, stranger);
    await strangerPage.goto(`/settings/organization/${organizationId}`);
    await expect(strangerPage.getByText('Organization not found')).toBeVisible();
    await expect(strangerPage.getByText(name)).toHaveCount(0);
    const rename = await strangerPage.request.patch(`/api/organizations/${organizationId}`, {
      headers: { origin: baseURL },
      data: { name: 'Taken' },
    });
    expect(rename.status()).toBe(404);
    expect(((await rename.json()) as { message: string }).message).toBe('Organization not found.');
    await strangerContext.close();

    const organization = (await (await page.request.get(`/api/organizations/${organizationId}`)).json()) as {
      name: string;
    };
    expect(organization.name).toBe(name);
  });
});
