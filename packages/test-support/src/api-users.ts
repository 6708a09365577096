import type { Page } from '@playwright/test';
import { MailCatcher } from './mail-catcher.ts';

let counter = 0;
/**
 * A unique address per call, so tests sharing a server never collide; the `s` before the counter
 * keeps these apart from the addresses of e2e/support/fixtures.ts's uniqueEmail.
 */
function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${process.pid}-s${counter}@example.test`;
}

export interface SignedInUser {
  email: string;
  password: string;
  firstname: string;
  lastname: string;
  organizationId: string;
  organizationName: string;
}

/**
 * A person ready to use the app, made through the real flows over HTTP from the test: sign-up, the
 * verification email caught by the SMTP catcher, sign-in (the page's cookie jar gets the session),
 * and an organization (which also ends onboarding).
 */
export async function signUpWithOrganization(
  page: Page,
  mail: MailCatcher,
  baseURL: string,
  names: { firstname: string; lastname: string; organization: string },
): Promise<SignedInUser> {
  const headers = { origin: baseURL };
  const email = uniqueEmail(names.firstname.toLowerCase());
  const password = `pw-${Math.random().toString(36).slice(2, 12)}`;
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    headers,
    data: {
      email,
      password,
      name: `${names.firstname} ${names.lastname}`,
      firstname: names.firstname,
      lastname: names.lastname,
    },
  });
  if (!signUp.ok()) throw new Error(`sign-up failed: ${signUp.status()} ${await signUp.text()}`);
  const message = await mail.waitFor(email, /confirm/i);
  const verify = await page.request.get(MailCatcher.linkIn(message, baseURL), { maxRedirects: 0 });
  if (verify.status() >= 400) throw new Error(`verification failed: ${verify.status()}`);
  const signIn = await page.request.post('/api/auth/sign-in/email', { headers, data: { email, password } });
  if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()} ${await signIn.text()}`);
  const organization = await page.request.post('/api/organizations', {
    headers,
    data: { name: names.organization },
  });
  if (organization.status() !== 201)
    throw new Error(`organization-create failed: ${await organization.text()}`);
  const { organization_id } = (await organization.json()) as { organization_id: string };
  return {
    email,
    password,
    firstname: names.firstname,
    lastname: names.lastname,
    organizationId: organization_id,
    organizationName: names.organization,
  };
}
