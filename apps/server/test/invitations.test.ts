import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailCatcher } from '../../../e2e/support/mail-catcher.ts';
import type { BusEvent } from '../src/realtime/bus.ts';
import { createOrganizationAs, createOrganizationWorld, ruleOf } from './organizations-world.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import {
  apiAs,
  cookieHeaderFrom,
  createUser,
  startMailCatcher,
  type TestUser,
  uniqueEmail,
} from './users.ts';

let server: TestServer;
let mail: MailCatcher;
let owner: TestUser;
let organizationId: string;
const events: BusEvent[] = [];
beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({ SMTP_URL: mail.url });
  owner = await createUser(server, mail, { firstname: 'Olive', lastname: 'Owner' });
  organizationId = await createOrganizationAs(owner, 'Acme');
  server.deps.bus.subscribe((event) => events.push(event));
});
afterAll(async () => {
  await server.close();
  await mail.stop();
});

const anonymous = () => apiAs(server, '');

function invite(by: TestUser, body: Record<string, unknown>, organization = organizationId) {
  return by.api(`/api/organizations/${organization}/invitations`, { body });
}

async function invitationLink(email: string): Promise<{ link: string; token: string }> {
  const message = await mail.waitFor(email, /invited to join Acme/);
  const link = MailCatcher.linkIn(message, server.url);
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return { link, token };
}

async function invitationRows(email: string) {
  return server.deps.db.selectFrom('invitation').selectAll().where('email', '=', email).execute();
}

describe('inviting a new address', () => {
  it('stores only a hash of the token, emails a 7-day link, and the link signs the invitee up, verified, as MEMBER', async () => {
    const email = uniqueEmail('newcomer');
    const response = await invite(owner, { firstname: 'Nina', lastname: 'New', email: email.toUpperCase() });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ outcome: 'invited', email });

    const { link, token } = await invitationLink(email);
    expect(new URL(link).pathname).toBe('/invitation');
    const [row] = await invitationRows(email);
    expect(row).toBeDefined();
    expect(row!.token_hash).not.toContain(token);
    expect(row!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    const days = (row!.expires_at.getTime() - row!.created_at.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);

    const preview = await anonymous()('/api/invitations/lookup', { body: { token } });
    expect(preview.status).toBe(200);
    expect(await preview.json()).toMatchObject({
      email,
      firstname: 'Nina',
      lastname: 'New',
      organization_name: 'Acme',
    });

    events.length = 0;
    const accepted = await anonymous()('/api/invitations/accept', { body: { token, password: 'secret1' } });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ organization_id: organizationId, email, signed_in: true });
    const cookie = cookieHeaderFrom(accepted);
    expect(cookie).toContain('session_token');

    const invitee = apiAs(server, cookie);
    const me = (await (await invitee('/api/auth/get-session')).json()) as {
      user: { email: string; emailVerified: boolean };
    };
    expect(me.user).toMatchObject({ email, emailVerified: true });
    const organizations = (await (await invitee('/api/organizations')).json()) as Array<{
      organization_id: string;
    }>;
    expect(organizations.map((o) => o.organization_id)).toEqual([organizationId]);
    const profile = await server.deps.db
      .selectFrom('app_user')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(profile).toMatchObject({ firstname: 'Nina', lastname: 'New', needs_onboarding: false });
    expect(await ruleOf(server, organizationId, profile.user_id)).toMatchObject({ role: 'MEMBER' });
    expect(events).toContainEqual(
      expect.objectContaining({ kind: 'membership', action: 'created', id: profile.user_id, organizationId }),
    );

    // The chosen password works for a normal sign-in too.
    const signIn = await anonymous()('/api/auth/sign-in/email', { body: { email, password: 'secret1' } });
    expect(signIn.status).toBe(200);
  });

  it('works once: a second use is refused with a clear message and changes nothing', async () => {
    const email = uniqueEmail('once');
    await invite(owner, { firstname: 'Otto', lastname: 'Once', email });
    const { token } = await invitationLink(email);
    expect(
      (await anonymous()('/api/invitations/accept', { body: { token, password: 'secret1' } })).status,
    ).toBe(200);
    const again = await anonymous()('/api/invitations/accept', { body: { token, password: 'other-pass' } });
    expect(again.status).toBe(410);
    expect(((await again.json()) as { message: string }).message).toBe(
      'This invitation has already been used. Sign in to continue.',
    );
    const lookup = await anonymous()('/api/invitations/lookup', { body: { token } });
    expect(lookup.status).toBe(410);
    // The first password still holds.
    const signIn = await anonymous()('/api/auth/sign-in/email', { body: { email, password: 'secret1' } });
    expect(signIn.status).toBe(200);
  });

  it('expires after 7 days', async () => {
    const email = uniqueEmail('late');
    await invite(owner, { firstname: 'Lea', lastname: 'Late', email });
    const { token } = await invitationLink(email);
    await server.deps.db
      .updateTable('invitation')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('email', '=', email)
      .execute();
    const response = await anonymous()('/api/invitations/accept', { body: { token, password: 'secret1' } });
    expect(response.status).toBe(410);
    expect(((await response.json()) as { message: string }).message).toMatch(/expired/);
    const account = await server.deps.db
      .selectFrom('app_user')
      .select('user_id')
      .where('email', '=', email)
      .executeTakeFirst();
    expect(account).toBeUndefined();
    // Once expired, the owner may invite the address again.
    expect((await invite(owner, { firstname: 'Lea', lastname: 'Late', email })).status).toBe(201);
  });

  it('answers 404 to an unknown token and 400 to a short password, changing nothing', async () => {
    const unknown = await anonymous()('/api/invitations/accept', {
      body: { token: 'x'.repeat(43), password: 'secret1' },
    });
    expect(unknown.status).toBe(404);
    const email = uniqueEmail('short');
    await invite(owner, { firstname: 'Sam', lastname: 'Short', email });
    const { token } = await invitationLink(email);
    const short = await anonymous()('/api/invitations/accept', { body: { token, password: '12345' } });
    expect(short.status).toBe(400);
    expect(((await short.json()) as { message: string }).message).toMatch(/at least 6 characters/);
    expect((await invitationRows(email))[0]!.used_at).toBeNull();
  });

  it('refuses a duplicate pending invitation with a clear 409 and sends nothing more', async () => {
    const email = uniqueEmail('twice');
    expect((await invite(owner, { firstname: 'Tom', lastname: 'Twice', email })).status).toBe(201);
    const second = await invite(owner, { firstname: 'Tom', lastname: 'Twice', email });
    expect(second.status).toBe(409);
    expect(((await second.json()) as { message: string }).message).toBe(
      `${email} has already been invited to this organization.`,
    );
    expect(await invitationRows(email)).toHaveLength(1);
  });
});

describe('inviting an existing account', () => {
  it('adds them at once as MEMBER and tells them by email', async () => {
    const existing = await createUser(server, mail, { firstname: 'Eve', lastname: 'Existing' });
    events.length = 0;
    const response = await invite(owner, { firstname: 'Ignored', lastname: 'Names', email: existing.email });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ outcome: 'added', email: existing.email });
    expect(await ruleOf(server, organizationId, existing.userId)).toMatchObject({ role: 'MEMBER' });
    const message = await mail.waitFor(existing.email, /You joined Acme/);
    expect(message.text).toContain('Olive Owner added you to the organization Acme');
    expect(MailCatcher.linkIn(message, server.url)).toBe(`${server.url}/projects`);
    expect(events).toContainEqual(
      expect.objectContaining({ kind: 'membership', action: 'created', id: existing.userId }),
    );
    expect(await invitationRows(existing.email)).toEqual([]);
  });

  it('refuses someone already a member with a clear 409', async () => {
    const response = await invite(owner, { firstname: 'Olive', lastname: 'Owner', email: owner.email });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { message: string }).message).toBe(
      `${owner.email} is already a member of this organization.`,
    );
  });

  it('lets an address that registered after being invited join through the link, keeping its password', async () => {
    const email = uniqueEmail('meanwhile');
    await invite(owner, { firstname: 'Max', lastname: 'Meanwhile', email });
    const { token } = await invitationLink(email);
    const registered = await createUser(server, mail, { email, firstname: 'Max', lastname: 'Meanwhile' });
    const accepted = await anonymous()('/api/invitations/accept', {
      body: { token, password: 'not-theirs' },
    });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ signed_in: false });
    expect(accepted.headers.getSetCookie()).toEqual([]);
    expect(await ruleOf(server, organizationId, registered.userId)).toMatchObject({ role: 'MEMBER' });
    const oldPassword = await anonymous()('/api/auth/sign-in/email', {
      body: { email, password: registered.password },
    });
    expect(oldPassword.status).toBe(200);
  });
});

describe('who may invite, and bad input', () => {
  it('refuses a member (403) and an outsider (404), inviting nobody', async () => {
    const world = await createOrganizationWorld(server, mail, 'Closed');
    const email = uniqueEmail('nobody');
    const asMember = await invite(
      world.member,
      { firstname: 'A', lastname: 'B', email },
      world.organizationId,
    );
    expect(asMember.status).toBe(403);
    const asOutsider = await invite(
      world.outsider,
      { firstname: 'A', lastname: 'B', email },
      world.organizationId,
    );
    expect(asOutsider.status).toBe(404);
    const asNobody = await anonymous()(`/api/organizations/${world.organizationId}/invitations`, {
      body: { firstname: 'A', lastname: 'B', email },
    });
    expect(asNobody.status).toBe(401);
    expect(await invitationRows(email)).toEqual([]);
  });

  it.each([
    ['a malformed email', { firstname: 'Ann', lastname: 'Bad', email: 'not-an-email' }, 'body.email'],
    ['an empty firstname', { firstname: '  ', lastname: 'Bad', email: 'ann@example.test' }, 'body.firstname'],
    ['an empty lastname', { firstname: 'Ann', lastname: '', email: 'ann@example.test' }, 'body.lastname'],
    ['no email', { firstname: 'Ann', lastname: 'Bad' }, 'body.email'],
  ])('refuses %s with a clear 400 and invites nobody', async (_label, body, path) => {
    const before = await server.deps.db.selectFrom('invitation').select('invitation_id').execute();
    const response = await invite(owner, body);
    expect(response.status).toBe(400);
    const error = (await response.json()) as { issues: Array<{ path: string; message: string }> };
    expect(error.issues.map((issue) => issue.path)).toContain(path);
    const after = await server.deps.db.selectFrom('invitation').select('invitation_id').execute();
    expect(after).toHaveLength(before.length);
  });

  it('withdraws a new invitation whose email cannot be sent and says so', async () => {
    const ownMail = await startMailCatcher();
    const ownServer = await startTestServer({ SMTP_URL: ownMail.url });
    try {
      const ownOwner = await createUser(ownServer, ownMail);
      const ownOrganization = await createOrganizationAs(ownOwner, 'Offline');
      await ownMail.stop(); // the SMTP server is gone: sending now fails for real
      const email = uniqueEmail('unreachable');
      const response = await ownOwner.api(`/api/organizations/${ownOrganization}/invitations`, {
        body: { firstname: 'Una', lastname: 'Reachable', email },
      });
      expect(response.status).toBe(502);
      expect(((await response.json()) as { message: string }).message).toBe(
        `The invitation email to ${email} could not be sent. Nothing was changed; please try again later.`,
      );
      const rows = await ownServer.deps.db
        .selectFrom('invitation')
        .select('invitation_id')
        .where('email', '=', email)
        .execute();
      expect(rows).toEqual([]);
    } finally {
      await ownServer.close();
    }
  });
});
