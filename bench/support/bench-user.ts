import { randomBytes } from 'node:crypto';
import { MailCatcher } from '@figgle/test-support/mail-catcher';

/** A verified, signed-in user of a benchmark's server, with its session cookie for API calls. */
export interface BenchUser {
  baseURL: string;
  email: string;
  password: string;
  cookie: string;
  /** An API call as this user; a body is sent as JSON. */
  call(method: string, pathname: string, body?: unknown): Promise<Response>;
}

/** Through the real flow: sign-up, the confirmation link from the caught email, sign-in. */
export async function signUpBenchUser(
  baseURL: string,
  mail: MailCatcher,
  { label, firstname, lastname }: { label: string; firstname: string; lastname: string },
): Promise<BenchUser> {
  const email = `${label}-${randomBytes(4).toString('hex')}@example.test`;
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const json = { origin: baseURL, 'content-type': 'application/json' };
  const post = (pathname: string, body: unknown) =>
    fetch(`${baseURL}${pathname}`, { method: 'POST', headers: json, body: JSON.stringify(body) });
  const signUp = await post('/api/auth/sign-up/email', {
    email,
    password,
    name: `${firstname} ${lastname}`,
    firstname,
    lastname,
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${await signUp.text()}`);
  const message = await mail.waitFor(email, /confirm/i);
  await fetch(MailCatcher.linkIn(message, baseURL), { redirect: 'manual' });
  const signIn = await post('/api/auth/sign-in/email', { email, password });
  if (!signIn.ok) throw new Error(`sign-in failed: ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return {
    baseURL,
    email,
    password,
    cookie,
    call: (method, pathname, body) =>
      fetch(`${baseURL}${pathname}`, {
        method,
        headers: body === undefined ? { origin: baseURL, cookie } : { ...json, cookie },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
  };
}
