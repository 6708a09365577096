import { createHmac } from 'node:crypto';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { apiAs, cookieHeaderFrom, type TestUser } from '@figgle/test-support/users';
import { sql } from 'kysely';
import { expect } from 'vitest';

/** RFC 4648 base32, as authenticator apps read the secret of an otpauth:// URI. */
function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s), computed independently of the server's library. */
export function totpFromUri(totpUri: string, at = Date.now()): string {
  const url = new URL(totpUri);
  const secret = base32Decode(url.searchParams.get('secret') ?? '');
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / Number(url.searchParams.get('period') ?? 30))));
  const hmac = createHmac('sha1', secret).update(counter).digest();
  const offset = (hmac[hmac.length - 1] ?? 0) & 0x0f;
  const code = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(code).padStart(6, '0');
}

export interface JsonAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
  cookie: string;
  response: Response;
}

/** A JSON POST as the web app sends it (same Origin), with an optional cookie and client IP. */
export async function post<T = Record<string, unknown>>(
  server: TestServer,
  path: string,
  body: unknown,
  options: { cookie?: string; ip?: string } = {},
): Promise<JsonAnswer<T>> {
  const response = await apiAs(server, options.cookie ?? '')(path, {
    method: 'POST',
    body,
    headers: options.ip ? { 'x-forwarded-for': options.ip } : {},
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : null) as T,
    cookie: cookieHeaderFrom(response),
    response,
  };
}

/**
 * A call of better-auth's second factor (`enable`, `verify-totp`, `verify-backup-code`, `disable`),
 * with a session's cookie or a sign-in's challenge cookie.
 */
export function twoFactor<T = Record<string, unknown>>(
  server: TestServer,
  endpoint: string,
  body: Record<string, unknown>,
  cookie?: string,
): Promise<JsonAnswer<T>> {
  return post<T>(server, `/api/auth/two-factor/${endpoint}`, body, cookie === undefined ? {} : { cookie });
}

/** The password step of signing in as `user`: a session, or a second factor's challenge cookie. */
export function signInWithPassword(server: TestServer, user: TestUser): Promise<JsonAnswer> {
  return post(server, '/api/auth/sign-in/email', { email: user.email, password: user.password });
}

/** Follows an emailed link the way a browser's first hop does, without following the redirect. */
export async function openLink(url: string, cookie = ''): Promise<Response> {
  return fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
}

/** Registers without verifying: the verification email stays unread. */
export async function registerOnly(server: TestServer, email: string, password: string): Promise<JsonAnswer> {
  return post(server, '/api/auth/sign-up/email', {
    email,
    password,
    firstname: 'Grace',
    lastname: 'Hopper',
    callbackURL: '/auth?activation=true',
  });
}

export async function countRows(server: TestServer, table: string, where = sql`true`): Promise<number> {
  const { rows } = await sql<{
    count: string;
  }>`SELECT count(*)::text AS count FROM ${sql.table(table)} WHERE ${where}`.execute(server.deps.db);
  return Number(rows[0]?.count ?? 0);
}

/** Every message sent so far has left the server (sending happens after the answer). */
export async function mailSettled(server: TestServer): Promise<void> {
  await server.deps.mailer.flush();
}

/** True when no message at all reached `address` (call after mailSettled). */
export async function receivedNoMail(mail: MailCatcher, address: string): Promise<boolean> {
  return mail.waitFor(address, /.*/, 100).then(
    () => false,
    () => true,
  );
}

export async function sessionOf(
  server: TestServer,
  cookie: string,
): Promise<{ user: { email: string } } | null> {
  const response = await apiAs(server, cookie)('/api/auth/get-session');
  return (await response.json()) as { user: { email: string } } | null;
}

export interface TotpEnrolment {
  totpURI: string;
  backupCodes: string[];
  /** The session cookie after enrolment (better-auth renews the session when the factor turns on). */
  cookie: string;
}

/** Turns TOTP on for the user through the real endpoints: enable with the password, then a right code. */
export function enrolTotp(server: TestServer, user: TestUser): Promise<TotpEnrolment> {
  return enrolTotpOf(server, user.cookie, { password: user.password });
}

/**
 * Turns TOTP on for the session `cookie` through the real endpoints: enable with `proof` (the
 * password, or nothing for an account without one: a provider's or a directory's), then a right code.
 */
export async function enrolTotpOf(
  server: TestServer,
  cookie: string,
  proof: { password?: string } = {},
): Promise<TotpEnrolment> {
  const enable = await twoFactor<{ totpURI: string; backupCodes: string[] }>(server, 'enable', proof, cookie);
  expect(enable.status).toBe(200);
  const verify = await twoFactor(server, 'verify-totp', { code: totpFromUri(enable.body.totpURI) }, cookie);
  expect(verify.status).toBe(200);
  return { totpURI: enable.body.totpURI, backupCodes: enable.body.backupCodes, cookie: verify.cookie };
}
