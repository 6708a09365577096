// @database pglite

import { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { createUser, serverWithMail, type TestUser } from '@figgle/test-support/users';
import { describe, expect, it } from 'vitest';
import { post } from '../auth/auth-helpers.ts';

/** Issue 37, item 2: taking an account back ends the API tokens made while it was held. */
let server: TestServer;
let mail: MailCatcher;
serverWithMail((started) => ({ server, mail } = started));

async function tokenOf(user: TestUser): Promise<string> {
  const created = await user.api('/api/me/api-tokens', { body: { name: 'script', scope: 'read-write' } });
  expect(created.status).toBe(201);
  const { token } = (await created.json()) as { token: string };
  expect((await bearer(token)).status).toBe(200);
  return token;
}

const bearer = (token: string) =>
  fetch(`${server.url}/api/me`, { headers: { authorization: `Bearer ${token}` } });

describe('API tokens end when the account is taken back', () => {
  it('a change of password revokes them, and the email says so', async () => {
    const user = await createUser(server, mail);
    const token = await tokenOf(user);
    const changed = await user.api('/api/me/password', {
      body: { currentPassword: user.password, newPassword: 'changed-1' },
    });
    expect(changed.status).toBe(204);
    expect((await bearer(token)).status).toBe(401);
    expect((await mail.waitFor(user.email, /password was changed/)).text).toContain(
      'API tokens were revoked',
    );
  });

  it('a reset revokes them', async () => {
    const user = await createUser(server, mail);
    const token = await tokenOf(user);
    await post(server, '/api/auth/request-password-reset', {
      email: user.email,
      redirectTo: '/reset-password',
    });
    const message = await mail.waitFor(user.email, /Reset your Figgle password/);
    expect(message.text).toContain('revokes your API tokens');
    const opened = await fetch(MailCatcher.linkIn(message, server.url), { redirect: 'manual' });
    const resetToken = new URL(opened.headers.get('location')!, server.url).searchParams.get('token');
    expect(
      (await post(server, '/api/auth/reset-password', { token: resetToken, newPassword: 'reset-pw' })).status,
    ).toBe(200);
    expect((await bearer(token)).status).toBe(401);
  });

  it('"sign out everywhere" revokes them', async () => {
    const user = await createUser(server, mail);
    const token = await tokenOf(user);
    expect((await user.api('/api/auth/revoke-sessions', { body: {} })).status).toBe(200);
    expect((await bearer(token)).status).toBe(401);
  });
});
