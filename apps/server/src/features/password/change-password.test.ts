import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailCatcher } from '../../../../../e2e/support/mail-catcher.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { apiAs, cookieHeaderFrom, createUser, startMailCatcher, uniqueEmail } from '../../../test/users.ts';

let server: TestServer;
let mail: MailCatcher;
beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({ SMTP_URL: mail.url });
});
afterAll(async () => {
  await server.close();
  await mail.stop();
});

const signIn = (email: string, password: string) =>
  apiAs(server, '')('/api/auth/sign-in/email', { body: { email, password } });

describe('POST /api/me/password', () => {
  it('changes the password: the new one signs in, the old one no longer does', async () => {
    const user = await createUser(server, mail);
    const response = await user.api('/api/me/password', { body: { newPassword: 'brand-new' } });
    expect(response.status).toBe(204);
    expect((await signIn(user.email, 'brand-new')).status).toBe(200);
    expect((await signIn(user.email, user.password)).status).toBe(401);
    // The session that changed it stays signed in.
    expect((await user.api('/api/organizations')).status).toBe(200);
  });

  it('ends every other session of the account, keeping the one that changed it', async () => {
    const user = await createUser(server, mail);
    const otherDevice = cookieHeaderFrom(await signIn(user.email, user.password));
    expect((await apiAs(server, otherDevice)('/api/me')).status).toBe(200);
    expect((await user.api('/api/me/password', { body: { newPassword: 'rotated1' } })).status).toBe(204);
    expect((await apiAs(server, otherDevice)('/api/me')).status).toBe(401);
    expect((await user.api('/api/me')).status).toBe(200);
  });

  it('sets a first password on an account that never had one (joined by invitation, say)', async () => {
    const owner = await createUser(server, mail);
    const organization = (await (await owner.api('/api/organizations', { body: { name: 'Pw' } })).json()) as {
      organization_id: string;
    };
    const email = uniqueEmail('nopass');
    await owner.api(`/api/organizations/${organization.organization_id}/invitations`, {
      body: { firstname: 'No', lastname: 'Pass', email },
    });
    const link = MailCatcher.linkIn(await mail.waitFor(email, /invited/), server.url);
    const token = new URL(link).searchParams.get('token');
    const accepted = await apiAs(server, '')('/api/invitations/accept', {
      body: { token, password: 'first1' },
    });
    const cookie = cookieHeaderFrom(accepted);
    // Remove the credential so the account is like one made through Google.
    const authUser = await server.deps.db
      .selectFrom('app_user')
      .select('auth_user_id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const context = await server.deps.auth.$context;
    const credential = await context.internalAdapter.findCredentialAccount(authUser.auth_user_id);
    await context.internalAdapter.deleteAccount(credential!.id);
    expect((await signIn(email, 'first1')).status).toBe(401);

    const response = await apiAs(server, cookie)('/api/me/password', { body: { newPassword: 'chosen1' } });
    expect(response.status).toBe(204);
    expect((await signIn(email, 'chosen1')).status).toBe(200);
  });

  it.each([
    ['too short', { newPassword: '12345' }, /at least 6 characters/],
    ['empty', { newPassword: '' }, /at least 6 characters/],
    ['missing', {}, /newPassword/],
  ])('refuses a %s password with a clear 400 and keeps the old one', async (_label, body, message) => {
    const user = await createUser(server, mail);
    const response = await user.api('/api/me/password', { body });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(message);
    expect((await signIn(user.email, user.password)).status).toBe(200);
  });

  it('needs a session', async () => {
    const response = await apiAs(server, '')('/api/me/password', { body: { newPassword: 'whatever' } });
    expect(response.status).toBe(401);
  });
});
