import { randomBytes } from 'node:crypto';
import { MailCatcher } from '@figgle/test-support/mail-catcher';

/** A verified, signed-in user of a benchmark's server, with its session cookie for API calls. */
export interface BenchUser {
  baseURL: string;
  email: string;
  password: string;
  cookie: string;
  /** The address this user's requests come from (X-Forwarded-For, believed when the server has TRUST_PROXY). */
  address: string | undefined;
  /** Signs in once more: the Cookie header of a new session. */
  signInAgain(): Promise<string>;
  /** An API call as this user; a body is sent as JSON. */
  call(method: string, pathname: string, body?: unknown): Promise<Response>;
}

/** Through the real flow: sign-up, the confirmation link from the caught email, sign-in. */
export async function signUpBenchUser(
  baseURL: string,
  mail: MailCatcher,
  {
    label,
    firstname,
    lastname,
    address,
  }: { label: string; firstname: string; lastname: string; address?: string },
): Promise<BenchUser> {
  const email = `${label}-${randomBytes(4).toString('hex')}@example.test`;
  const password = `pw-${randomBytes(6).toString('hex')}`;
  // Each person from an address of their own, as people on their own machines are: the server's
  // limits per address (sign-ups, sign-ins, sockets) then apply per person, not to the whole bench.
  const from: Record<string, string> = address ? { 'x-forwarded-for': address } : {};
  const json = { origin: baseURL, 'content-type': 'application/json', ...from };
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
  // Opened with the sign-up's cookie, as the browser that signed up would: the password stays.
  const signUpCookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  await fetch(MailCatcher.linkIn(message, baseURL), {
    redirect: 'manual',
    headers: { cookie: signUpCookie },
  });
  const signInAgain = async () => {
    const signIn = await post('/api/auth/sign-in/email', { email, password });
    if (!signIn.ok) throw new Error(`sign-in failed: ${await signIn.text()}`);
    return signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  };
  const cookie = await signInAgain();
  return {
    baseURL,
    email,
    password,
    cookie,
    address,
    signInAgain,
    call: (method, pathname, body) =>
      fetch(`${baseURL}${pathname}`, {
        method,
        headers: body === undefined ? { origin: baseURL, cookie, ...from } : { ...json, cookie },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
  };
}
