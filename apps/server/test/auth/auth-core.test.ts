// @database pglite

import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { apiAs, createUser, serverWithMail } from '@figgle/test-support/users';
import { describe, expect, it } from 'vitest';

let server: TestServer;
let mail: MailCatcher;
serverWithMail((started) => ({ server, mail } = started));

describe('auth core', () => {
  it('registers through the emailed link, signs in, and creates the profile from the registration names', async () => {
    const user = await createUser(server, mail, { firstname: 'Ada', lastname: 'Lovelace' });
    const session = await user.api('/api/auth/get-session');
    expect(session.status).toBe(200);
    expect(((await session.json()) as { user: { email: string } }).user.email).toBe(user.email);
    const profile = await server.deps.db
      .selectFrom('app_user')
      .selectAll()
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(profile).toMatchObject({ firstname: 'Ada', lastname: 'Lovelace', needs_onboarding: true });
  });

  it('has no session without a cookie', async () => {
    const response = await apiAs(server, '')('/api/auth/get-session');
    expect(await response.json()).toBeNull();
  });
});
