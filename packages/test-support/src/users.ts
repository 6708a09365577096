import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { MailCatcher } from './mail-catcher.ts';
import { startTestServer, type TestServer } from './test-server.ts';

export interface TestUser {
  email: string;
  password: string;
  userId: string;
  /** The Cookie header of a signed-in session. */
  cookie: string;
  /** fetch against the server as this user, JSON in and out, same-origin. */
  api(
    path: string,
    init?: { method?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<Response>;
}

export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomBytes(5).toString('hex')}@example.test`;
}

export function cookieHeaderFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** A JSON request as the browser app sends it: same Origin, the session cookie. */
export function apiAs(server: TestServer, cookie: string): TestUser['api'] {
  return (path, init = {}) =>
    fetch(`${server.url}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        origin: server.url,
        ...(cookie ? { cookie } : {}),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
}

/**
 * A verified, signed-in user made through the real flow: sign-up, the verification email
 * (read from the SMTP server the test server sends to), the link, sign-in.
 */
export async function createUser(
  server: TestServer,
  mail: MailCatcher,
  names: { firstname?: string; lastname?: string; email?: string } = {},
): Promise<TestUser> {
  const email = names.email ?? uniqueEmail();
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const anonymous = apiAs(server, '');
  const signUp = await anonymous('/api/auth/sign-up/email', {
    body: {
      email,
      password,
      name: `${names.firstname ?? 'Test'} ${names.lastname ?? 'User'}`,
      firstname: names.firstname ?? 'Test',
      lastname: names.lastname ?? 'User',
    },
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const message = await mail.waitFor(email, /confirm/i);
  // Opened in the browser that signed up (its sign-up cookie), so the link keeps the password.
  const verify = await fetch(MailCatcher.linkIn(message, server.url), {
    redirect: 'manual',
    headers: { cookie: cookieHeaderFrom(signUp) },
  });
  if (verify.status >= 400) {
    throw new Error(`verification failed: ${verify.status} ${await verify.text()}`);
  }
  const signIn = await anonymous('/api/auth/sign-in/email', { body: { email, password } });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const cookie = cookieHeaderFrom(signIn);
  const user = await server.deps.db
    .selectFrom('app_user')
    .select('user_id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return { email, password, userId: user.user_id, cookie, api: apiAs(server, cookie) };
}

/** Signs `user` in once more: the Cookie header of a new session of theirs. */
export async function signInAgain(server: TestServer, user: TestUser): Promise<string> {
  const response = await apiAs(server, '')('/api/auth/sign-in/email', {
    body: { email: user.email, password: user.password },
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return cookieHeaderFrom(response);
}

/** A test server that sends its mail to a real SMTP server on loopback. */
export async function startMailCatcher(): Promise<MailCatcher> {
  const catcher = new MailCatcher();
  await catcher.start();
  return catcher;
}

/** How `serverWithMail` starts its server: more settings, build options, a longer hook. */
export interface ServerWithMailOptions {
  env?: Record<string, string>;
  /** Read when the server starts (a `drivenClock()` made then). */
  buildOptions?: () => Parameters<typeof startTestServer>[1];
  timeoutMs?: number;
}

/**
 * Starts a test server that mails a real SMTP catcher before the file's tests and stops both after
 * them; `started` hands the two over once they are up (the tests read them through their own names).
 * The file's own `beforeAll` hooks run after this one, its later `afterAll` before (Vitest runs
 * after-hooks in reverse), so sockets it opened close before the server.
 */
export function serverWithMail(
  started: (world: { server: TestServer; mail: MailCatcher }) => void,
  options: ServerWithMailOptions = {},
): void {
  let mail: MailCatcher | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    mail = await startMailCatcher();
    server = await startTestServer({ SMTP_URL: mail.url, ...options.env }, options.buildOptions?.());
    started({ server, mail });
  }, options.timeoutMs);
  afterAll(async () => {
    await server?.close();
    await mail?.stop();
  });
}
