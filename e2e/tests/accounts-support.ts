import { createHmac } from 'node:crypto';
import { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, uniqueEmail } from '../support/fixtures.ts';

export interface Person {
  email: string;
  password: string;
  firstname: string;
  lastname: string;
}

/** A registered and verified account (no organization yet: onboarding is still ahead). */
export async function verifiedPerson(
  request: APIRequestContext,
  mail: MailCatcher,
  baseURL: string,
  names: { firstname: string; lastname: string },
): Promise<Person> {
  const email = uniqueEmail(names.firstname.toLowerCase());
  const password = `pw-${Math.random().toString(36).slice(2, 10)}`;
  const signUp = await request.post('/api/auth/sign-up/email', {
    headers: { origin: baseURL },
    data: { email, password, ...names },
  });
  if (!signUp.ok()) throw new Error(`sign-up failed: ${signUp.status()} ${await signUp.text()}`);
  const verify = await request.get(MailCatcher.linkIn(await mail.waitFor(email, /confirm/i), baseURL), {
    maxRedirects: 0,
  });
  if (verify.status() >= 400) throw new Error(`verification failed: ${verify.status()}`);
  return { email, password, ...names };
}

/** Signs in through the login form as a person would. */
export async function logInWithForm(page: Page, person: Pick<Person, 'email' | 'password'>) {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByRole('textbox', { name: 'Email' }).fill(person.email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(person.password);
  await form.getByRole('button', { name: 'Connect' }).click();
}

/** RFC 4648 base32, as an authenticator app reads the setup key. */
function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text.replace(/[\s=]+/g, '').toUpperCase()) {
    value = (value << 5) | alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** The 6-digit RFC 6238 code (SHA-1, 30 s) an authenticator app shows for `setupKey` right now. */
export function totpCode(setupKey: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const hmac = createHmac('sha1', base32Decode(setupKey)).update(counter).digest();
  const offset = (hmac[hmac.length - 1] ?? 0) & 0x0f;
  return String((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** A toast with one of MESSAGES' texts, whichever notification stack it is in. */
export async function expectToast(page: Page, text: string) {
  await expect(page.getByText(text, { exact: true })).toBeVisible();
}

/**
 * Turns two-factor authentication on from Settings › Security as a person would (the password only
 * when the account has one), and answers the setup key their authenticator app would keep.
 */
export async function turnOnTwoFactor(page: Page, password?: string): Promise<string> {
  await page.goto('/settings/security');
  const start = page.getByRole('form', { name: 'Set up two-factor authentication' });
  if (password) await start.getByRole('textbox', { name: 'Current password' }).fill(password);
  await start.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  const setupKey = await page.getByRole('textbox', { name: 'Setup key' }).inputValue();
  const activate = page.getByRole('form', { name: 'Activate two-factor authentication' });
  await activate.getByRole('textbox', { name: 'Authentication code' }).fill(totpCode(setupKey));
  await activate.getByRole('button', { name: 'Activate' }).click();
  await expectToast(page, 'Two-factor authentication is on.');
  return setupKey;
}

/** The login page's second step, answered with the app's current code. */
export async function answerTwoFactorChallenge(page: Page, setupKey: string) {
  const challenge = page.getByRole('form', { name: 'Two-factor authentication' });
  await challenge.getByRole('textbox', { name: 'Authentication code' }).fill(totpCode(setupKey));
  await challenge.getByRole('button', { name: 'Verify' }).click();
}
