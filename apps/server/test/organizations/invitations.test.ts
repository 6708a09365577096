// @database pglite

import { MailCatcher } from '@figgle/test-support/mail-catcher';
import { startTestServer, type TestServer } from '@figgle/test-support/test-server';
import {
  apiAs,
  cookieHeaderFrom,
  createUser,
  serverWithMail,
  startMailCatcher,
  type TestUser,
  uniqueEmail,
} from '@figgle/test-support/users';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BusEvent } from '../../src/realtime/bus.ts';
import { createOrganizationAs, createOrganizationWorld, ruleOf } from './organizations-world.ts';

let server: TestServer;
let mail: MailCatcher;
let owner: TestUser;
let organizationId: string;
const events: BusEvent[] = [];
serverWithMail((started) => ({ server, mail } = started));
beforeAll(async () => {
  owner = await createUser(server, mail, { firstname: 'Olive', lastname: 'Owner' });
  organizationId = await createOrganizationAs(owner, 'Acme');
  server.deps.bus.subscribe((event) => events.push(event));
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
    expect(await response.json()).toEqual({
      invitation_id: expect.any(String),
      email,
      firstname: 'Nina',
      lastname: 'New',
      invited_by: { user_id: owner.userId, firstname: 'Olive', lastname: 'Owner' },
      created_at: expect.any(String),
      expires_at: expect.any(String),
    });

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
      has_account: false,
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
  it('sends a consent link like any other invitation; membership starts only when it is accepted', async () => {
    const existing = await createUser(server, mail, { firstname: 'Eve', lastname: 'Existing' });
    events.length = 0;
    const response = await invite(owner, { firstname: 'Eva', lastname: 'Typed', email: existing.email });
    expect(response.status).toBe(201);
    // Only what the owner typed comes back: not the account's own names.
    expect(await response.json()).toMatchObject({
      email: existing.email,
      firstname: 'Eva',
      lastname: 'Typed',
    });
    expect(await ruleOf(server, organizationId, existing.userId)).toBeUndefined();
    expect(events.filter((event) => event.kind === 'membership')).toEqual([]);

    const { token } = await invitationLink(existing.email);
    const preview = await anonymous()('/api/invitations/lookup', { body: { token } });
    expect(await preview.json()).toMatchObject({ email: existing.email, has_account: true });
    // Still not a member: opening the link is not accepting it.
    expect(await ruleOf(server, organizationId, existing.userId)).toBeUndefined();

    const accepted = await existing.api('/api/invitations/accept', { body: { token } });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({
      organization_id: organizationId,
      email: existing.email,
      signed_in: false,
    });
    expect(await ruleOf(server, organizationId, existing.userId)).toMatchObject({ role: 'MEMBER' });
    expect(events).toContainEqual(
      expect.objectContaining({ kind: 'membership', action: 'created', id: existing.userId, organizationId }),
    );
    // The account keeps its names and its password.
    const profile = await server.deps.db
      .selectFrom('app_user')
      .select(['firstname', 'lastname'])
      .where('user_id', '=', existing.userId)
      .executeTakeFirstOrThrow();
    expect(profile).toEqual({ firstname: 'Eve', lastname: 'Existing' });
    const signIn = await anonymous()('/api/auth/sign-in/email', {
      body: { email: existing.email, password: existing.password },
    });
    expect(signIn.status).toBe(200);
  });

  it('answers the same for an address with an account as for one without', async () => {
    const existing = await createUser(server, mail, { firstname: 'Sam', lastname: 'Same' });
    const newcomer = uniqueEmail('same');
    const answers = [];
    for (const email of [existing.email, newcomer]) {
      const response = await invite(owner, { firstname: 'Sam', lastname: 'Same', email });
      const body = (await response.json()) as Record<string, unknown>;
      answers.push({
        status: response.status,
        keys: Object.keys(body).sort(),
        names: [body.firstname, body.lastname],
        inviter: body.invited_by,
      });
    }
    expect(answers[0]).toEqual(answers[1]);
    for (const email of [existing.email, newcomer]) {
      const message = await mail.waitFor(email, /You are invited to join Acme/);
      expect(message.text).toContain('Olive Owner invited you to join the organization Acme');
    }
  });

  it('refuses an invitation with no password for an address without an account, changing nothing', async () => {
    const email = uniqueEmail('nopass');
    await invite(owner, { firstname: 'No', lastname: 'Pass', email });
    const { token } = await invitationLink(email);
    const response = await anonymous()('/api/invitations/accept', { body: { token } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(
      'Choose a password to create your account.',
    );
    expect((await invitationRows(email))[0]!.used_at).toBeNull();
    expect(
      await server.deps.db.selectFrom('app_user').select('user_id').where('email', '=', email).execute(),
    ).toEqual([]);
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

  it('answers before the email is sent: an email that fails changes neither the answer nor the invitation', async () => {
    const ownMail = await startMailCatcher();
    const ownServer = await startTestServer({ SMTP_URL: ownMail.url });
    try {
      const ownOwner = await createUser(ownServer, ownMail);
      const ownOrganization = await createOrganizationAs(ownOwner, 'Offline');
      const existing = await createUser(ownServer, ownMail);
      await ownMail.stop(); // the SMTP server is gone: sending now fails for real
      for (const email of [uniqueEmail('unreachable'), existing.email]) {
        const response = await ownOwner.api(`/api/organizations/${ownOrganization}/invitations`, {
          body: { firstname: 'Una', lastname: 'Reachable', email },
        });
        expect(response.status).toBe(201);
        expect(await response.json()).toMatchObject({ email });
      }
      await ownServer.deps.mailer.flush(); // the failures happened, in the background
      const listed = await ownOwner.api(`/api/organizations/${ownOrganization}/invitations`);
      expect(((await listed.json()) as Array<{ email: string }>).map((row) => row.email).sort()).toEqual(
        [existing.email, expect.stringMatching(/^unreachable-/)].sort(),
      );
    } finally {
      await ownServer.close();
    }
  });
});

describe('pending invitations: the list and Revoke', () => {
  const list = (by: TestUser, organization = organizationId) =>
    by.api(`/api/organizations/${organization}/invitations`);
  const revoke = (by: TestUser, invitationId: string, organization = organizationId) =>
    by.api(`/api/organizations/${organization}/invitations/${invitationId}`, { method: 'DELETE' });

  it('lists pending invitations (address, who invited, when, expiry) and not used, revoked or expired ones', async () => {
    const pending = uniqueEmail('pending');
    const used = uniqueEmail('used');
    const expired = uniqueEmail('expired');
    for (const email of [pending, used, expired])
      await invite(owner, { firstname: 'Pat', lastname: 'Ending', email });
    const { token } = await invitationLink(used);
    await anonymous()('/api/invitations/accept', { body: { token, password: 'secret1' } });
    await server.deps.db
      .updateTable('invitation')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('email', '=', expired)
      .execute();

    const response = await list(owner);
    expect(response.status).toBe(200);
    const rows = (await response.json()) as Array<Record<string, unknown>>;
    const emails = rows.map((row) => row.email);
    expect(emails).toContain(pending);
    expect(emails).not.toContain(used);
    expect(emails).not.toContain(expired);
    const row = rows.find((candidate) => candidate.email === pending)!;
    expect(row).toEqual({
      invitation_id: expect.any(String),
      email: pending,
      firstname: 'Pat',
      lastname: 'Ending',
      invited_by: { user_id: owner.userId, firstname: 'Olive', lastname: 'Owner' },
      created_at: expect.any(String),
      expires_at: expect.any(String),
    });
    expect(Date.parse(row.expires_at as string) - Date.parse(row.created_at as string)).toBeCloseTo(
      7 * 86_400_000,
      -4,
    );
  });

  it('revokes a pending invitation: it leaves the list, its link answers like a used one, and a second revoke is 404', async () => {
    const email = uniqueEmail('revoked');
    const created = (await (await invite(owner, { firstname: 'Rev', lastname: 'Oked', email })).json()) as {
      invitation_id: string;
    };
    const { token } = await invitationLink(email);
    events.length = 0;

    const response = await revoke(owner, created.invitation_id);
    expect(response.status).toBe(204);
    expect(events).toContainEqual(
      expect.objectContaining({
        kind: 'organization',
        action: 'updated',
        id: organizationId,
        organizationId,
      }),
    );
    const rows = (await (await list(owner)).json()) as Array<{ email: string }>;
    expect(rows.map((row) => row.email)).not.toContain(email);

    const withdrawn =
      'This invitation has been withdrawn. Ask an owner of the organization to invite you again.';
    const lookup = await anonymous()('/api/invitations/lookup', { body: { token } });
    expect(lookup.status).toBe(410);
    expect(((await lookup.json()) as { message: string }).message).toBe(withdrawn);
    const accept = await anonymous()('/api/invitations/accept', { body: { token, password: 'secret1' } });
    expect(accept.status).toBe(410);
    expect(((await accept.json()) as { message: string }).message).toBe(withdrawn);
    expect(
      await server.deps.db.selectFrom('app_user').select('user_id').where('email', '=', email).execute(),
    ).toEqual([]);
    expect((await invitationRows(email))[0]!.used_at).toBeNull();

    expect((await revoke(owner, created.invitation_id)).status).toBe(404);
    // The address may be invited again.
    expect((await invite(owner, { firstname: 'Rev', lastname: 'Oked', email })).status).toBe(201);
  });

  it('cannot revoke a used invitation', async () => {
    const email = uniqueEmail('usedrevoke');
    const created = (await (await invite(owner, { firstname: 'U', lastname: 'R', email })).json()) as {
      invitation_id: string;
    };
    const { token } = await invitationLink(email);
    await anonymous()('/api/invitations/accept', { body: { token, password: 'secret1' } });
    expect((await revoke(owner, created.invitation_id)).status).toBe(404);
    expect((await invitationRows(email))[0]!.revoked_at).toBeNull();
  });

  it('refuses malformed ids (400), another organization’s invitation (404), members (403) and outsiders (404), changing nothing', async () => {
    const world = await createOrganizationWorld(server, mail, 'Elsewhere Inc');
    const theirs = uniqueEmail('theirs');
    const created = (await (
      await invite(world.owner, { firstname: 'T', lastname: 'Heirs', email: theirs }, world.organizationId)
    ).json()) as { invitation_id: string };

    const malformedList = await owner.api('/api/organizations/not-a-uuid/invitations');
    expect(malformedList.status).toBe(400);
    const malformedRevoke = await owner.api(`/api/organizations/${organizationId}/invitations/not-a-uuid`, {
      method: 'DELETE',
    });
    expect(malformedRevoke.status).toBe(400);
    expect(((await malformedRevoke.json()) as { issues: Array<{ path: string }> }).issues[0]!.path).toBe(
      'params.invitationId',
    );
    // Their invitation, through our organization: not found here.
    expect((await revoke(owner, created.invitation_id)).status).toBe(404);
    // Their organization, as someone outside it.
    expect((await revoke(owner, created.invitation_id, world.organizationId)).status).toBe(404);
    expect((await list(owner, world.organizationId)).status).toBe(404);
    expect((await revoke(world.member, created.invitation_id, world.organizationId)).status).toBe(403);
    expect((await list(world.member, world.organizationId)).status).toBe(403);
    expect((await revoke(world.outsider, created.invitation_id, world.organizationId)).status).toBe(404);
    const anonymousRevoke = await anonymous()(
      `/api/organizations/${world.organizationId}/invitations/${created.invitation_id}`,
      { method: 'DELETE' },
    );
    expect(anonymousRevoke.status).toBe(401);
    const [row] = await invitationRows(theirs);
    expect(row).toMatchObject({ revoked_at: null, used_at: null });
  });
});

describe('how many invitations', () => {
  /** Rows as if sent earlier by `inviterId` into `organization` (`hoursAgo` back). */
  async function sentEarlier(organization: string, inviterId: string | null, count: number, hoursAgo = 1) {
    const values = Array.from({ length: count }, (_, index) => ({
      organization_id: organization,
      email: `earlier-${index}-${uniqueEmail('bulk')}`,
      firstname: 'Ear',
      lastname: 'Lier',
      token_hash: `${Date.now()}-${Math.random()}-${index}`,
      invited_by: inviterId,
      revoked_at: new Date(),
      expires_at: new Date(Date.now() + 86_400_000),
      created_at: new Date(Date.now() - hoursAgo * 3_600_000),
    }));
    await server.deps.db.insertInto('invitation').values(values).execute();
  }

  it('allows 50 a day per inviting user, across organizations, with a clear 429 after', async () => {
    const sender = await createUser(server, mail, { firstname: 'Sue', lastname: 'Sender' });
    const first = await createOrganizationAs(sender, 'First');
    const second = await createOrganizationAs(sender, 'Second');
    await sentEarlier(first, sender.userId, 30);
    await sentEarlier(second, sender.userId, 19);
    await sentEarlier(second, sender.userId, 40, 25); // more than a day ago: no longer counted
    expect(
      (await invite(sender, { firstname: 'A', lastname: 'B', email: uniqueEmail('fiftieth') }, second))
        .status,
    ).toBe(201);
    const email = uniqueEmail('fifty-first');
    const refused = await invite(sender, { firstname: 'A', lastname: 'B', email }, first);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      code: 'too_many_invitations',
      message:
        'You have sent 50 invitations in the last 24 hours, the most allowed. Please try again tomorrow.',
    });
    expect(await invitationRows(email)).toEqual([]);
  });

  it('holds under concurrent requests into several organizations: of five at 47 sent, exactly three pass', async () => {
    const sender = await createUser(server, mail, { firstname: 'Rae', lastname: 'Race' });
    const organizations = [];
    for (let index = 0; index < 5; index++)
      organizations.push(await createOrganizationAs(sender, `Racing ${index}`));
    await sentEarlier(organizations[0]!, sender.userId, 47);
    const answers = await Promise.all(
      organizations.map((organization) =>
        invite(sender, { firstname: 'A', lastname: 'B', email: uniqueEmail('race') }, organization),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 429, 429]);
    const sent = await server.deps.db
      .selectFrom('invitation')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('invited_by', '=', sender.userId)
      .executeTakeFirstOrThrow();
    expect(Number(sent.n)).toBe(50);
  });

  it('allows 50 a day per organization, whoever sends them; revoking gives none back', async () => {
    const world = await createOrganizationWorld(server, mail, 'Busy');
    await sentEarlier(world.organizationId, null, 50); // revoked, by someone since gone
    const email = uniqueEmail('over');
    const refused = await invite(world.owner, { firstname: 'A', lastname: 'B', email }, world.organizationId);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'This organization has sent 50 invitations in the last 24 hours, the most allowed. Please try again tomorrow.',
    );
    expect(await invitationRows(email)).toEqual([]);
    // The same owner may still invite into another organization.
    const other = await createOrganizationAs(world.owner, 'Quiet');
    expect((await invite(world.owner, { firstname: 'A', lastname: 'B', email }, other)).status).toBe(201);
  });
});

describe('accepting is one transaction', () => {
  /** Makes every membership insert into `organization` fail, as a database fault mid-accept would. */
  async function breakMembershipInserts(organization: string) {
    await sql`
      CREATE FUNCTION figgle_test_refuse_rule() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'forced failure for the test';
      END $$;
    `.execute(server.deps.db);
    await sql`
      CREATE TRIGGER figgle_test_refuse_rule BEFORE INSERT ON rule
      FOR EACH ROW WHEN (NEW.organization_id = ${sql.lit(organization)}::uuid)
      EXECUTE FUNCTION figgle_test_refuse_rule()
    `.execute(server.deps.db);
    return async () => {
      await sql`DROP TRIGGER figgle_test_refuse_rule ON rule`.execute(server.deps.db);
      await sql`DROP FUNCTION figgle_test_refuse_rule()`.execute(server.deps.db);
    };
  }

  it('a failure after the claim leaves no account, no profile, no membership, and the link usable; a retry succeeds', async () => {
    const email = uniqueEmail('fault');
    await invite(owner, { firstname: 'Fay', lastname: 'Ult', email });
    const { token } = await invitationLink(email);
    const repair = await breakMembershipInserts(organizationId);
    try {
      const failed = await anonymous()('/api/invitations/accept', { body: { token, password: 'secret1' } });
      expect(failed.status).toBe(500);
    } finally {
      await repair();
    }
    expect((await invitationRows(email))[0]!.used_at).toBeNull();
    expect(
      await server.deps.db.selectFrom('app_user').select('user_id').where('email', '=', email).execute(),
    ).toEqual([]);
    const authUsers = await sql<{ id: string }>`select id from auth_user where email = ${email}`.execute(
      server.deps.db,
    );
    expect(authUsers.rows).toEqual([]);
    expect((await anonymous()('/api/invitations/lookup', { body: { token } })).status).toBe(200);

    const retried = await anonymous()('/api/invitations/accept', { body: { token, password: 'secret1' } });
    expect(retried.status).toBe(200);
    expect(await retried.json()).toMatchObject({ organization_id: organizationId, email, signed_in: true });
    const profile = await server.deps.db
      .selectFrom('app_user')
      .select('user_id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(await ruleOf(server, organizationId, profile.user_id)).toMatchObject({ role: 'MEMBER' });
  });

  it('an existing account whose join fails can accept the same link again', async () => {
    const existing = await createUser(server, mail, { firstname: 'Ex', lastname: 'Isting' });
    await invite(owner, { firstname: 'Ex', lastname: 'Isting', email: existing.email });
    const { token } = await invitationLink(existing.email);
    const repair = await breakMembershipInserts(organizationId);
    try {
      expect((await existing.api('/api/invitations/accept', { body: { token } })).status).toBe(500);
    } finally {
      await repair();
    }
    expect(await ruleOf(server, organizationId, existing.userId)).toBeUndefined();
    expect((await existing.api('/api/invitations/accept', { body: { token } })).status).toBe(200);
    expect(await ruleOf(server, organizationId, existing.userId)).toMatchObject({ role: 'MEMBER' });
  });
});
