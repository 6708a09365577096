import { MailCatcher } from '@figgle/test-support/mail-catcher';
import { expect, test, uniqueEmail } from '../support/fixtures.ts';
import { inviteThroughDialog, signedInOwner } from './organizations-support.ts';

test.describe('pending invitations', () => {
  test('an owner invites, sees the invitation pending, revokes it; the list empties and the link no longer works', async ({
    page,
    browser,
    mail,
    baseURL,
  }) => {
    const { organizationId, organizationName } = await signedInOwner(page, mail, baseURL, 'Acme');
    await page.goto(`/settings/organization/${organizationId}`);
    await expect(page.getByRole('heading', { name: 'Pending invitations' })).toBeVisible();
    await expect(page.getByText('No pending invitations.')).toBeVisible();

    const inviteeEmail = uniqueEmail('pending');
    await inviteThroughDialog(page, { firstname: 'Pia', lastname: 'Pending', email: inviteeEmail });

    // Address, who invited, when, and when it expires.
    const pending = page.getByRole('table', { name: 'Pending invitations' });
    const row = pending.getByRole('row', { name: new RegExp(inviteeEmail) });
    await expect(row.getByRole('cell')).toHaveText([
      inviteeEmail,
      'Olive Owner',
      /^(a few seconds ago|just now)$/,
      'in 7 days',
      'Revoke',
    ]);
    const link = MailCatcher.linkIn(
      await mail.waitFor(inviteeEmail, new RegExp(`invited to join ${organizationName}`)),
      baseURL,
    );

    // Cancelling the confirmation keeps it.
    await row.getByRole('button', { name: `Revoke the invitation of ${inviteeEmail}` }).click();
    const confirmDialog = page.getByRole('dialog', { name: 'Revoke the invitation?' });
    await expect(confirmDialog).toContainText(
      `Are you sure you want to revoke the invitation sent to ${inviteeEmail}?`,
    );
    await confirmDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirmDialog).toBeHidden();
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: `Revoke the invitation of ${inviteeEmail}` }).click();
    await confirmDialog.getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText('Invitation has been revoked.')).toBeVisible();
    await expect(pending).toHaveCount(0);
    await expect(page.getByText('No pending invitations.')).toBeVisible();
    // It stays gone after a reload.
    await page.reload();
    await expect(page.getByText('No pending invitations.')).toBeVisible();

    // The invitee's link now says it cannot be used.
    const inviteeContext = await browser.newContext({ baseURL });
    const invitee = await inviteeContext.newPage();
    await invitee.goto(link);
    await expect(invitee.getByText('This invitation cannot be used')).toBeVisible();
    await expect(
      invitee.getByText(
        'This invitation has been withdrawn. Ask an owner of the organization to invite you again.',
      ),
    ).toBeVisible();
    await expect(invitee.getByRole('button', { name: 'Join the organization' })).toHaveCount(0);
    await inviteeContext.close();
  });
});
