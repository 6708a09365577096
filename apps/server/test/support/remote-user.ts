import { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { apiAs, cookieHeaderFrom, type TestUser, uniqueEmail } from '@figgle/test-support/users';

/**
 * A verified, signed-in user of a server in another process (no database handle at hand): sign-up,
 * the emailed link, sign-in, then /api/me for the id. The server must send its mail to `mail`.
 */
export async function createRemoteUser(url: string, mail: MailCatcher, firstname = 'Fay'): Promise<TestUser> {
  const server = { url } as TestServer;
  const email = uniqueEmail(firstname.toLowerCase());
  const password = `pw-${email.slice(0, 12)}-secret`;
  const anonymous = apiAs(server, '');
  const signUp = await anonymous('/api/auth/sign-up/email', {
    body: { email, password, name: `${firstname} Tester`, firstname, lastname: 'Tester' },
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const message = await mail.waitFor(email, /confirm/i);
  const verify = await fetch(MailCatcher.linkIn(message, url), {
    redirect: 'manual',
    headers: { cookie: cookieHeaderFrom(signUp) },
  });
  if (verify.status >= 400) throw new Error(`verification failed: ${verify.status}`);
  const signIn = await anonymous('/api/auth/sign-in/email', { body: { email, password } });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const cookie = cookieHeaderFrom(signIn);
  const api = apiAs(server, cookie);
  const me = (await (await api('/api/me')).json()) as { user_id: string };
  return { email, password, userId: me.user_id, cookie, api };
}

/** The same session speaking to another server process (same SECRET, same database). */
export function onServer(user: TestUser, url: string): TestUser {
  return { ...user, api: apiAs({ url } as TestServer, user.cookie) };
}
