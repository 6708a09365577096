import { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, uniqueEmail } from '../support/fixtures.ts';
import { joinByInvitation } from '../support/join-by-invitation.ts';

export interface Account {
  email: string;
  password: string;
  firstname: string;
  lastname: string;
}

/** A verified account made through the real flow: sign-up, the emailed link. */
export async function registerAccount(
  request: APIRequestContext,
  mail: MailCatcher,
  baseURL: string,
  names: { firstname: string; lastname: string; label?: string },
): Promise<Account> {
  const email = uniqueEmail(names.label ?? 'person');
  const password = `pw-${Math.random().toString(36).slice(2, 10)}`;
  const signUp = await request.post('/api/auth/sign-up/email', {
    headers: { origin: baseURL },
    data: {
      email,
      password,
      name: `${names.firstname} ${names.lastname}`,
      firstname: names.firstname,
      lastname: names.lastname,
    },
  });
  if (!signUp.ok()) throw new Error(`sign-up failed: ${signUp.status()} ${await signUp.text()}`);
  const message = await mail.waitFor(email, /confirm/i);
  const verify = await request.get(MailCatcher.linkIn(message, baseURL), { maxRedirects: 0 });
  if (verify.status() >= 400) throw new Error(`verification failed: ${verify.status()}`);
  return { email, password, firstname: names.firstname, lastname: names.lastname };
}

/** Signs the page's browser context in (its cookie jar is the page's). */
export async function signIn(page: Page, baseURL: string, account: Pick<Account, 'email' | 'password'>) {
  const response = await page.request.post('/api/auth/sign-in/email', {
    headers: { origin: baseURL },
    data: { email: account.email, password: account.password },
  });
  if (!response.ok()) throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
  // Onboarding step 2 names a personal organization; a new account is sent there until it has one.
  const me = (await (await page.request.get('/api/me')).json()) as { needs_onboarding: boolean };
  if (me.needs_onboarding) await createOrganization(page, baseURL, 'My Organization');
}

/** organization-create through the API, as the signed-in page's user. */
async function createOrganization(page: Page, baseURL: string, name: string): Promise<string> {
  const response = await page.request.post('/api/organizations', {
    headers: { origin: baseURL },
    data: { name },
  });
  if (response.status() !== 201) throw new Error(`organization-create failed: ${await response.text()}`);
  return ((await response.json()) as { organization_id: string }).organization_id;
}

/**
 * The owner (signed in on `page`) invites the account, which accepts the emailed link: the link is
 * the credential, so it is followed here without the account's session.
 */
export async function addMemberByInvitation(
  page: Page,
  mail: MailCatcher,
  baseURL: string,
  organizationId: string,
  account: Account,
) {
  await joinByInvitation(
    { inviter: page.request, invitee: page.request, mail, baseURL },
    organizationId,
    account,
  );
}

export const uniqueName = (label: string) => `${label} ${Math.random().toString(36).slice(2, 7)}`;

/**
 * A new account (Olive Owner unless named otherwise) signed in on `page`, owner of a new organization
 * named `label` and a random suffix.
 */
export async function signedInOwner(
  page: Page,
  mail: MailCatcher,
  baseURL: string,
  label: string,
  names: { firstname: string; lastname: string } = { firstname: 'Olive', lastname: 'Owner' },
): Promise<{ owner: Account; organizationId: string; organizationName: string }> {
  const owner = await registerAccount(page.request, mail, baseURL, names);
  await signIn(page, baseURL, owner);
  const organizationName = uniqueName(label);
  const organizationId = await createOrganization(page, baseURL, organizationName);
  return { owner, organizationId, organizationName };
}

/** On the organization's settings page, an owner invites someone through the dialog, as a person would. */
export async function inviteThroughDialog(
  page: Page,
  invitee: { firstname: string; lastname: string; email: string },
) {
  await page.getByRole('button', { name: 'Invite a new member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a new member' });
  await dialog.getByRole('textbox', { name: 'Firstname' }).fill(invitee.firstname);
  await dialog.getByRole('textbox', { name: 'Lastname' }).fill(invitee.lastname);
  await dialog.getByRole('textbox', { name: 'Email' }).fill(invitee.email);
  await dialog.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByText(`${invitee.email} is invited.`)).toBeVisible();
  await expect(dialog).toBeHidden();
}
