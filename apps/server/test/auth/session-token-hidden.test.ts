// @database pglite

import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { apiAs, cookieHeaderFrom, createUser, serverWithMail } from '@figgle/test-support/users';
import { describe, expect, it } from 'vitest';

let server: TestServer;
let mail: MailCatcher;
serverWithMail((started) => ({ server, mail } = started));

/** The session token is the secret of the httpOnly cookie: no answer may hand it to the page's script. */
function expectNoSessionToken(text: string, cookie: string) {
  const token = decodeURIComponent(cookie.split('=')[1] ?? '').split('.')[0]!;
  expect(token.length).toBeGreaterThan(10);
  expect(text).not.toContain(token);
  expect(text).not.toMatch(/"token"\s*:\s*"/);
}

describe('the session token stays in its httpOnly cookie (issue 37, item 7)', () => {
  it('is not in the answer of get-session', async () => {
    const user = await createUser(server, mail);
    const answer = await user.api('/api/auth/get-session');
    expect(answer.status).toBe(200);
    const text = await answer.text();
    expect(JSON.parse(text)).toMatchObject({
      user: { email: user.email },
      session: { userId: expect.any(String) },
    });
    expectNoSessionToken(text, user.cookie);
  });

  it('is not in the answer of a sign-in, which still sets the cookie', async () => {
    const user = await createUser(server, mail);
    const answer = await apiAs(server, '')('/api/auth/sign-in/email', {
      body: { email: user.email, password: user.password },
    });
    expect(answer.status).toBe(200);
    const cookie = cookieHeaderFrom(answer);
    const text = await answer.text();
    expect(JSON.parse(text)).toMatchObject({ user: { email: user.email } });
    expectNoSessionToken(text, cookie);
    // The cookie it set is a working session.
    expect((await apiAs(server, cookie)('/api/me')).status).toBe(200);
  });
});
