// @database pglite

import { CLOSE_CODES, topics } from '@figgle/shared/realtime-protocol';
import {
  LDAP_MEMBERS_GROUP,
  LDAP_OWNERS_GROUP,
  LDAP_PEOPLE,
  LDAP_PEOPLE_SEED,
  type LdapServer,
  startLdapServer,
} from '@figgle/test-support/ldap-server';
import { startTestServer, type TestServer } from '@figgle/test-support/test-server';
import { apiAs } from '@figgle/test-support/users';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointPolicy } from '../../src/auth/endpoint-policies.ts';
import { escapeFilterValue, userFilter } from '../../src/auth/ldap/ldap-filter.ts';
import { closedWithin, TestSocket } from '../realtime/realtime-socket.ts';
import { countRows, enrolTotpOf, post, registerOnly, sessionOf, totpFromUri } from './auth-helpers.ts';

let directory: LdapServer;
let server: TestServer;
beforeAll(async () => {
  directory = await startLdapServer();
  server = await startTestServer({
    ...directory.env,
    LDAP_GROUP_MAP: JSON.stringify([
      { group: LDAP_MEMBERS_GROUP, organization: 'Directory Co', role: 'member' },
      { group: LDAP_OWNERS_GROUP, organization: 'Directory Co', role: 'owner' },
    ]),
    LDAP_CHECK_INTERVAL_MS: '300',
  });
});
afterAll(async () => {
  await server?.close();
  await directory?.close();
});

const signIn = (username: string, password: string, ip?: string) =>
  post<{ code?: string; message?: string; twoFactorRedirect?: boolean }>(
    server,
    '/api/auth/sign-in/username',
    { username, password },
    ip ? { ip } : {},
  );

async function rolesOf(email: string) {
  const { rows } = await sql<{ name: string; role: string; needs_onboarding: boolean }>`
    SELECT o.name, r.role, u.needs_onboarding FROM app_user u
    JOIN rule r ON r.user_id = u.user_id JOIN organization o ON o.organization_id = r.organization_id
    WHERE u.email = ${email}`.execute(server.deps.db);
  return rows;
}

describe('directory sign-in (LDAP)', () => {
  it('is announced to the login page', async () => {
    const providers = (await (await fetch(`${server.url}/api/auth-providers`)).json()) as { ldap: boolean };
    expect(providers.ldap).toBe(true);
  });

  it('creates the account on first sign-in, in the mapped organization as a member, and keeps it', async () => {
    const alice = LDAP_PEOPLE_SEED.alice;
    const first = await signIn('alice', alice.password);
    expect(first.status).toBe(200);
    expect(first.body).not.toHaveProperty('token');
    expect((await sessionOf(server, first.cookie))?.user.email).toBe(alice.email);
    const me = await (await apiAs(server, first.cookie)('/api/me')).json();
    expect(me).toMatchObject({ email: alice.email, firstname: 'Alice', lastname: 'Martin' });
    expect(await rolesOf(alice.email)).toEqual([
      { name: 'Directory Co', role: 'MEMBER', needs_onboarding: false },
    ]);

    // The username is not case-sensitive, and the second sign-in finds the same account.
    const again = await signIn('ALICE', alice.password);
    expect(again.status).toBe(200);
    expect(await countRows(server, 'auth_user', sql`email = ${alice.email}`)).toBe(1);
    expect(await rolesOf(alice.email)).toHaveLength(1);
  });

  it('makes a member of the owners group an owner of the mapped organization', async () => {
    const answer = await signIn('bob', LDAP_PEOPLE_SEED.bob.password);
    expect(answer.status).toBe(200);
    expect(await rolesOf(LDAP_PEOPLE_SEED.bob.email)).toEqual([
      { name: 'Directory Co', role: 'OWNER', needs_onboarding: false },
    ]);
  });

  it('follows the groups at each sign-in: raised, lowered, removed, but never the last owner', async () => {
    const group = (dn: string, change: 'add' | 'delete', uid: string) =>
      directory.modify(
        `dn: ${dn}\nchangetype: modify\n${change}: member\nmember: uid=${uid},${LDAP_PEOPLE}\n`,
      );
    const alice = LDAP_PEOPLE_SEED.alice;
    const bob = LDAP_PEOPLE_SEED.bob;
    const roleOf = async (email: string) => (await rolesOf(email)).map((row) => row.role);

    await group(LDAP_OWNERS_GROUP, 'add', 'alice');
    expect((await signIn('alice', alice.password)).status).toBe(200);
    expect(await roleOf(alice.email)).toEqual(['OWNER']);

    await group(LDAP_OWNERS_GROUP, 'delete', 'alice');
    expect((await signIn('alice', alice.password)).status).toBe(200);
    expect(await roleOf(alice.email)).toEqual(['MEMBER']);

    await group(LDAP_MEMBERS_GROUP, 'delete', 'alice');
    expect((await signIn('alice', alice.password)).status).toBe(200);
    expect(await roleOf(alice.email)).toEqual([]);

    // Bob is now Directory Co's only owner: leaving the group does not leave it without one.
    await group(LDAP_OWNERS_GROUP, 'delete', 'bob');
    expect((await signIn('bob', bob.password)).status).toBe(200);
    expect(await roleOf(bob.email)).toEqual(['OWNER']);

    await group(LDAP_OWNERS_GROUP, 'add', 'bob');
    await group(LDAP_MEMBERS_GROUP, 'add', 'alice');
    expect((await signIn('alice', alice.password)).status).toBe(200);
    expect(await roleOf(alice.email)).toEqual(['MEMBER']);
  });

  it('answers a wrong password exactly as an unknown user, and creates nothing', async () => {
    const users = await countRows(server, 'auth_user');
    const wrong = await signIn('alice', 'not-her-password', '198.51.100.7');
    const unknown = await signIn('nobody-here', 'whatever-1', '198.51.100.8');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toMatchObject({
      code: 'invalid_username_or_password',
      message: 'Invalid username or password',
    });
    expect(await countRows(server, 'auth_user')).toBe(users);
  });

  it('refuses a filter injection in the username (*)(uid=*): no one is signed in, nothing changes', async () => {
    const users = await countRows(server, 'auth_user');
    for (const username of ['*)(uid=*', '*', 'alice)(|(uid=*', 'al*']) {
      const answer = await signIn(username, LDAP_PEOPLE_SEED.alice.password);
      expect(answer.status, username).toBe(401);
      expect(answer.body.code).toBe('invalid_username_or_password');
      expect(answer.cookie).not.toContain('session_token=');
    }
    expect(await countRows(server, 'auth_user')).toBe(users);
    // What reaches the directory: the value escaped as RFC 4515 says, one equality match.
    expect(escapeFilterValue('*)(uid=*')).toBe('\\2a\\29\\28uid=\\2a');
    expect(userFilter('(uid={{username}})', 'a\\b\0')).toBe('(uid=a\\5cb\\00)');
  });

  it('answers bad input with a clear 400 before asking the directory', async () => {
    const empty = await signIn('', 'x');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('The username is required.');
    const control = await signIn('alice\u0000', 'x');
    expect(control.status).toBe(400);
    const noPassword = await signIn('alice', '');
    expect(noPassword.status).toBe(400);
  });

  it('refuses a disabled directory account, as a wrong password', async () => {
    const answer = await signIn('carol', LDAP_PEOPLE_SEED.carol.password);
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('invalid_username_or_password');
    expect(await countRows(server, 'auth_user', sql`email = ${LDAP_PEOPLE_SEED.carol.email}`)).toBe(0);
  });

  it('asks a directory account with TOTP for its code before any session', async () => {
    const alice = LDAP_PEOPLE_SEED.alice;
    const { cookie } = await signIn('alice', alice.password);
    const { totpURI } = await enrolTotpOf(server, cookie);

    const challenged = await signIn('alice', alice.password);
    expect(challenged.status).toBe(200);
    expect(challenged.body.twoFactorRedirect).toBe(true);
    expect(await sessionOf(server, challenged.cookie)).toBeNull();
    const code = await post(
      server,
      '/api/auth/two-factor/verify-totp',
      { code: totpFromUri(totpURI, Date.now() + 30_000) },
      { cookie: challenged.cookie },
    );
    expect(code.status).toBe(200);
    expect((await sessionOf(server, code.cookie))?.user.email).toBe(alice.email);
  });

  it('counts wrong directory passwords in the sign-in attempt limits', async () => {
    let answer = await signIn('bob', 'wrong-1');
    for (let attempt = 2; attempt <= 6 && answer.status === 401; attempt += 1) {
      answer = await signIn('bob', `wrong-${attempt}`);
    }
    expect(answer.status).toBe(429);
    expect(answer.body.code).toBe('too_many_attempts');
    expect(Number(answer.response.headers.get('retry-after'))).toBeGreaterThan(0);
    // Even the right password waits now: the limit is the sign-in's, not the directory's.
    expect((await signIn('bob', LDAP_PEOPLE_SEED.bob.password)).status).toBe(429);
  });

  it('shares its attempt counters with the password sign-in (one policy, one name)', () => {
    expect(endpointPolicy('POST', '/sign-in/username')?.name).toBe('sign-in');
    expect(endpointPolicy('POST', '/sign-in/email')?.name).toBe('sign-in');
  });

  it("takes over an unconfirmed registration of its address: the registrant's password stops working", async () => {
    const email = 'dave@example.org';
    expect((await registerOnly(server, email, 'squatter-pass-1')).status).toBe(200);
    await directory.modify(
      [
        `dn: uid=dave,${LDAP_PEOPLE}`,
        'changetype: add',
        'objectClass: inetOrgPerson',
        'uid: dave',
        'cn: Dave Roux',
        'givenName: Dave',
        'sn: Roux',
        `mail: ${email}`,
        'userPassword: dave-pass-1',
        '',
      ].join('\n'),
    );
    const answer = await signIn('dave', 'dave-pass-1');
    expect(answer.status).toBe(200);
    expect(await countRows(server, 'auth_user', sql`email = ${email}`)).toBe(1);
    const squatter = await post(server, '/api/auth/sign-in/email', { email, password: 'squatter-pass-1' });
    expect(squatter.status).toBe(401);
  });

  it('ends the sessions of an account disabled in the directory within the check interval', async () => {
    await directory.modify(`dn: uid=carol,${LDAP_PEOPLE}\nchangetype: modify\ndelete: employeeType\n`);
    const signedIn = await signIn('carol', LDAP_PEOPLE_SEED.carol.password);
    expect(signedIn.status).toBe(200);
    expect((await apiAs(server, signedIn.cookie)('/api/me')).status).toBe(200);
    const socket = await TestSocket.open(server.url, { cookie: signedIn.cookie });
    expect(await socket.subscribe(topics.inbox)).toMatchObject({ type: 'subscribed' });

    await directory.modify(
      `dn: uid=carol,${LDAP_PEOPLE}\nchangetype: modify\nadd: employeeType\nemployeeType: disabled\n`,
    );
    await expect
      .poll(async () => (await apiAs(server, signedIn.cookie)('/api/me')).status, {
        timeout: 5_000,
        interval: 100,
      })
      .toBe(401);
    // Its live connection ends with it, as on a sign-out.
    expect((await closedWithin(socket, 5_000))?.code).toBe(CLOSE_CODES.signedOut);
    const again = await signIn('carol', LDAP_PEOPLE_SEED.carol.password);
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('invalid_username_or_password');
  });
});
