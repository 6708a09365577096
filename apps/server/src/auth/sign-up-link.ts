import { createHmac } from 'node:crypto';
import type { Locale } from '@figgle/shared/constants';
import { signJWT } from 'better-auth/crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { mailText } from '../mail/i18n.ts';
import { actionEmail } from '../mail/templates.ts';

/** A sign-up's confirmation link, bound to the password it chose (see proof-of-address.ts). */

export async function credentialHash(db: Kysely<Database> | Transaction<Database>, authUserId: string) {
  const { rows } = await sql<{ password: string | null }>`
    SELECT password FROM auth_account WHERE "userId" = ${authUserId} AND "providerId" = 'credential'`.execute(
    db,
  );
  return rows[0]?.password ?? null;
}

export const EMAIL_VERIFICATION_EXPIRES_SECONDS = 24 * 60 * 60;

/** What binds a confirmation link to one sign-up's password: a keyed digest of its hash (with salt). */
export function passwordBinding(secret: string, passwordHash: string): string {
  return createHmac('sha256', secret).update(`sign-up-password:${passwordHash}`).digest('base64url');
}

/**
 * The confirmation link of a sign-up, bound to the password it set and to the browser that set it
 * (`b`, the digest of its nonce: sign-up-browser.ts). Without a browser, the link confirms the
 * address and its opener chooses the password.
 */
export async function bindToSignUpPassword(
  deps: { db: Kysely<Database>; env: Pick<Env, 'SECRET'> },
  link: { url: string; userId: string; email: string; browser: string | null },
): Promise<string> {
  const hash = await credentialHash(deps.db, link.userId);
  if (!hash || !link.browser) return link.url;
  const token = await signJWT(
    {
      email: link.email.toLowerCase(),
      userId: link.userId,
      pw: passwordBinding(deps.env.SECRET, hash),
      b: link.browser,
    },
    deps.env.SECRET,
    EMAIL_VERIFICATION_EXPIRES_SECONDS,
  );
  const url = new URL(link.url);
  url.searchParams.set('token', token);
  return url.toString();
}

/** In the language of the browser that signed up (a new account has chosen none yet), else English. */
export function confirmationEmail(to: string, url: string, locale: Locale = 'en') {
  return actionEmail({
    to,
    subject: mailText(locale, 'confirmation.subject'),
    greeting: mailText(locale, 'confirmation.greeting'),
    intro: mailText(locale, 'confirmation.intro'),
    actionLabel: mailText(locale, 'confirmation.action'),
    url,
    locale,
  });
}
