// @database both

import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { apiAs, createUser, serverWithMail, type TestUser } from '@figgle/test-support/users';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { countStatements } from '../support/count-statements.ts';

let server: TestServer;
let mail: MailCatcher;
serverWithMail((started) => ({ server, mail } = started));

const DAY_MS = 24 * 60 * 60 * 1000;

async function sessionRow(user: TestUser) {
  const { rows } = await sql<{ expiresAt: Date }>`
    SELECT s."expiresAt" FROM auth_session s JOIN auth_user u ON u.id = s."userId" WHERE u.email = ${user.email}
  `.execute(server.deps.db);
  return rows[0];
}

async function setExpiry(user: TestUser, expiresAt: Date) {
  await sql`
    UPDATE auth_session SET "expiresAt" = ${expiresAt}
    WHERE "userId" = (SELECT id FROM auth_user WHERE email = ${user.email})
  `.execute(server.deps.db);
}

describe('the session of an API request', () => {
  it('is read in one statement (session and profile together)', async () => {
    const user = await createUser(server, mail);
    const organization = (await (
      await user.api('/api/organizations', { body: { name: 'One read' } })
    ).json()) as {
      organization_id: string;
    };
    const project = (await (
      await user.api('/api/projects', {
        body: { name: 'One read', trigram: 'ONE', organization_id: organization.organization_id },
      })
    ).json()) as { project_id: string };
    const list = () => user.api(`/api/projects/${project.project_id}/tasks`);
    await list();
    // The task list (with the role) in one statement: the session read of the first call is
    // remembered, on PostgreSQL as on the embedded database.
    expect(await countStatements(async () => expect((await list()).status).toBe(200))).toBe(1);
  });

  it('ends at once when its row is deleted straight in the database, right after being read', async () => {
    const user = await createUser(server, mail);
    expect((await user.api('/api/me')).status).toBe(200);
    expect((await user.api('/api/me')).status).toBe(200);
    await sql`DELETE FROM auth_session WHERE "userId" = (SELECT id FROM auth_user WHERE email = ${user.email})`.execute(
      server.deps.db,
    );
    expect((await user.api('/api/me')).status).toBe(401);
  });

  it('ends at once on sign-out, and shows a profile change on the very next request', async () => {
    const user = await createUser(server, mail, { firstname: 'Before' });
    expect(((await (await user.api('/api/me')).json()) as { firstname: string }).firstname).toBe('Before');
    expect((await user.api('/api/me', { method: 'PATCH', body: { firstname: 'After' } })).status).toBe(200);
    expect(((await (await user.api('/api/me')).json()) as { firstname: string }).firstname).toBe('After');
    expect((await user.api('/api/auth/sign-out', { method: 'POST', body: {} })).status).toBe(200);
    expect((await user.api('/api/me')).status).toBe(401);
  });

  it('refuses a cookie whose signature was tampered with, or that carries no signature', async () => {
    const user = await createUser(server, mail);
    const [name, value] = user.cookie.split('; ')[0]!.split('=') as [string, string];
    const token = decodeURIComponent(value).split('.')[0]!;
    const forged = `${name}=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}`;
    expect((await apiAs(server, forged)('/api/me')).status).toBe(401);
    expect((await apiAs(server, `${name}=${token}`)('/api/me')).status).toBe(401);
    expect((await user.api('/api/me')).status).toBe(200);
  });

  it('extends a session due for a refresh, through better-auth, and keeps it open', async () => {
    const user = await createUser(server, mail);
    // Created six days ago with the default seven-day life: past the one-day refresh age.
    const dueSoon = new Date(Date.now() + DAY_MS);
    await setExpiry(user, dueSoon);
    expect((await user.api('/api/me')).status).toBe(200);
    const after = await sessionRow(user);
    expect(new Date(after!.expiresAt).getTime()).toBeGreaterThan(Date.now() + 6 * DAY_MS);
  });

  it('ends an expired session: 401, and the session row is gone', async () => {
    const user = await createUser(server, mail);
    await setExpiry(user, new Date(Date.now() - 1000));
    expect((await user.api('/api/me')).status).toBe(401);
    expect(await sessionRow(user)).toBeUndefined();
  });
});
