// @database pglite

import { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { apiAs, createUser, serverWithMail, uniqueEmail } from '@figgle/test-support/users';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ensureProfile } from '../../src/auth/profile.ts';
import { createApiToken } from '../../src/features/api-tokens/commands/create-api-token.ts';
import { createOrganizationAs } from '../organizations/organizations-world.ts';
import { mailSettled, openLink, post, registerOnly } from './auth-helpers.ts';

/**
 * Issue 37, item 1: whoever registers an address first must not keep the account once its owner
 * proves the address. A password, session or API token set before the proof never survives it.
 */
let server: TestServer;
let mail: MailCatcher;
serverWithMail((started) => ({ server, mail } = started));

const signIn = (email: string, password: string) =>
  post(server, '/api/auth/sign-in/email', { email, password });
/** The answers to signing in as `email` with each password in turn (200 signed in, 401 refused). */
async function signInStatuses(email: string, passwords: string[]): Promise<number[]> {
  const statuses: number[] = [];
  for (const password of passwords) statuses.push((await signIn(email, password)).status);
  return statuses;
}

/** Chooses the password on the page a confirmation led to (the token in its address). */
async function choosePassword(location: URL, newPassword: string): Promise<void> {
  const chosen = await post(server, '/api/auth/reset-password', {
    token: location.searchParams.get('token'),
    newPassword,
  });
  expect(chosen.status).toBe(200);
}

/** An API token made for the unverified account, as a session before the proof could make one. */
async function tokenBeforeProof(email: string): Promise<string> {
  const { rows } = await sql<{ id: string; email: string; name: string }>`
    SELECT id, email, name FROM auth_user WHERE email = ${email}`.execute(server.deps.db);
  const authUser = rows[0]!;
  const profile = await ensureProfile(server.deps.db, authUser);
  return (await createApiToken(server.deps, profile, { name: 'early', scope: 'read-write' })).token;
}

const bearer = (token: string) =>
  fetch(`${server.url}/api/me`, { headers: { authorization: `Bearer ${token}` } });

/** Every confirmation link sent to `email`, oldest first. */
async function confirmationLinks(email: string, atLeast: number): Promise<string[]> {
  await mail.waitFor(email, /Confirm your Figgle account/);
  await mailSettled(server);
  const links = mail.to(email, /Confirm your Figgle account/).map((m) => MailCatcher.linkIn(m, server.url));
  expect(links.length).toBeGreaterThanOrEqual(atLeast);
  return links;
}

describe('an address registered by someone else first', () => {
  it('the owner registers, asks for a new link, confirms and chooses the password: the first password and token are refused', async () => {
    const email = uniqueEmail('victim');
    expect((await registerOnly(server, email, 'attacker-pw')).status).toBe(200);
    const token = await tokenBeforeProof(email);
    expect((await bearer(token)).status).toBe(200);

    // The owner's sign-up answers as a fresh one does.
    const second = await registerOnly(server, email, 'victim-pw');
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ token: null, user: { email } });
    const resend = await post(server, '/api/auth/send-verification-email', {
      email,
      callbackURL: '/auth?activation=true',
    });
    expect(resend.status).toBe(200);
    await mailSettled(server);
    const links = mail.to(email, /Confirm your Figgle account/).map((m) => MailCatcher.linkIn(m, server.url));
    const opened = await openLink(links.at(-1)!);
    expect(opened.status).toBe(302);
    // The link confirms the address and leads to choosing the password.
    const location = new URL(opened.headers.get('location')!, server.url);
    expect(location.pathname).toBe('/reset-password');
    await choosePassword(location, 'owner-chosen');

    expect(await signInStatuses(email, ['owner-chosen', 'attacker-pw'])).toEqual([200, 401]);
    expect((await bearer(token)).status).toBe(401);
  });

  it("the owner's own confirmation link keeps the owner's password; the first one is refused", async () => {
    const email = uniqueEmail('victim');
    await registerOnly(server, email, 'attacker-pw');
    const token = await tokenBeforeProof(email);
    const owner = await registerOnly(server, email, 'victim-pw');
    const links = await confirmationLinks(email, 2);
    // Opened in the browser that registered (its sign-up cookie).
    const opened = await openLink(links.at(-1)!, owner.cookie);
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe('/auth?activation=true');

    expect(await signInStatuses(email, ['victim-pw', 'attacker-pw'])).toEqual([200, 401]);
    expect((await bearer(token)).status).toBe(401);
  });

  it("the first registrant's own link, opened by the owner after registering, keeps no password of anyone", async () => {
    const email = uniqueEmail('victim');
    await registerOnly(server, email, 'attacker-pw');
    await registerOnly(server, email, 'victim-pw');
    const links = await confirmationLinks(email, 2);
    const opened = await openLink(links[0]!);
    expect(opened.status).toBe(302);
    expect(new URL(opened.headers.get('location')!, server.url).pathname).toBe('/reset-password');
    expect(await signInStatuses(email, ['attacker-pw', 'victim-pw'])).toEqual([401, 401]);
  });

  it("the first registrant's link, opened by the owner who never registered, keeps no password: the owner chooses one", async () => {
    const email = uniqueEmail('victim');
    const attacker = await registerOnly(server, email, 'attacker-pw');
    expect(attacker.cookie).toMatch(/figgle\.sign_up_/);
    const token = await tokenBeforeProof(email);
    const [link] = await confirmationLinks(email, 1);
    // The owner clicks the confirmation that reached their inbox, in their own browser.
    const opened = await openLink(link!);
    expect(opened.status).toBe(302);
    const location = new URL(opened.headers.get('location')!, server.url);
    expect(location.pathname).toBe('/reset-password');
    expect(location.searchParams.get('confirmed')).toBe('1');
    expect((await signIn(email, 'attacker-pw')).status).toBe(401);
    expect((await bearer(token)).status).toBe(401);
    await choosePassword(location, 'owner-chosen');
    expect(await signInStatuses(email, ['owner-chosen', 'attacker-pw'])).toEqual([200, 401]);
  });

  it("a sign-up cookie copied from another address's sign-up proves nothing", async () => {
    const email = uniqueEmail('victim');
    await registerOnly(server, email, 'attacker-pw');
    const elsewhere = await registerOnly(server, uniqueEmail('other'), 'other-pw');
    const [link] = await confirmationLinks(email, 1);
    const opened = await openLink(link!, elsewhere.cookie);
    expect(new URL(opened.headers.get('location')!, server.url).pathname).toBe('/reset-password');
    expect((await signIn(email, 'attacker-pw')).status).toBe(401);
  });

  it('a registration after the owner confirmed changes nothing and only tells the owner', async () => {
    const email = uniqueEmail('victim');
    const owner = await registerOnly(server, email, 'victim-pw');
    const [link] = await confirmationLinks(email, 1);
    await openLink(link!, owner.cookie);
    expect((await registerOnly(server, email, 'attacker-pw')).status).toBe(200);
    await mail.waitFor(email, /already have a Figgle account/);
    expect(await signInStatuses(email, ['attacker-pw', 'victim-pw'])).toEqual([401, 200]);
  });

  it("an invitation accepted for an unconfirmed address makes the account anew, with the invitee's password", async () => {
    const owner = await createUser(server, mail, { firstname: 'Olive', lastname: 'Owner' });
    const organizationId = await createOrganizationAs(owner, 'Takeover Inc');
    const email = uniqueEmail('invitee');
    await registerOnly(server, email, 'attacker-pw');
    const token = await tokenBeforeProof(email);
    const invited = await owner.api(`/api/organizations/${organizationId}/invitations`, {
      body: { firstname: 'Ivy', lastname: 'Invitee', email },
    });
    expect(invited.status).toBe(201);
    const message = await mail.waitFor(email, /invited to join Takeover Inc/);
    const invitationToken = new URL(MailCatcher.linkIn(message, server.url)).searchParams.get('token');

    const anonymous = apiAs(server, '');
    const preview = await anonymous('/api/invitations/lookup', { body: { token: invitationToken } });
    expect(await preview.json()).toMatchObject({ has_account: false });
    const withoutPassword = await anonymous('/api/invitations/accept', { body: { token: invitationToken } });
    expect(withoutPassword.status).toBe(400);
    const accepted = await anonymous('/api/invitations/accept', {
      body: { token: invitationToken, password: 'invitee-pw' },
    });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ signed_in: true });

    expect(await signInStatuses(email, ['invitee-pw', 'attacker-pw'])).toEqual([200, 401]);
    expect((await bearer(token)).status).toBe(401);
  });

  it('a magic link proves the address: the first password and token are refused after it', async () => {
    const email = uniqueEmail('victim');
    await registerOnly(server, email, 'attacker-pw');
    const token = await tokenBeforeProof(email);
    expect(
      (await post(server, '/api/auth/sign-in/magic-link', { email, callbackURL: '/projects' })).status,
    ).toBe(200);
    const message = await mail.waitFor(email, /sign-in link/);
    const opened = await openLink(MailCatcher.linkIn(message, server.url));
    expect(opened.status).toBe(302);
    expect(opened.headers.getSetCookie().join(';')).toContain('session_token');

    expect((await signIn(email, 'attacker-pw')).status).toBe(401);
    expect((await bearer(token)).status).toBe(401);
  });
});
