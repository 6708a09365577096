import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppInstance } from '../http/app-instance.ts';
import { mailLocale, mailText } from '../mail/i18n.ts';
import { actionEmail } from '../mail/templates.ts';
import type { CurrentUser } from './current-user.ts';

function headersOf(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
  }
  headers.delete('content-length');
  return headers;
}

/**
 * better-auth turns the second factor off on the password alone, and with nothing at all for an
 * account without one: a stolen session or password would be enough to remove it. Figgle asks for a
 * current code of the factor first, checked by better-auth's own verification against the user's
 * secret. Answers the refusal, or null when the code is right.
 */
export async function refuseWithoutTotpCode(
  app: AppInstance,
  request: FastifyRequest,
  user: CurrentUser,
  code: string,
): Promise<Response | null> {
  const { rows } = await sql<{ enabled: boolean | null }>`
    SELECT "twoFactorEnabled" AS enabled FROM auth_user WHERE id = ${user.auth_user_id}`.execute(app.deps.db);
  // A setup never confirmed is not on: the verification below would turn it on instead.
  if (!rows[0]?.enabled) {
    return Response.json({ code: 'TOTP_NOT_ENABLED', message: 'TOTP not enabled' }, { status: 400 });
  }
  const answer = await app.deps.auth.api.verifyTOTP({
    headers: headersOf(request),
    body: { code },
    asResponse: true,
  });
  return answer.ok ? null : answer;
}

/** The owner hears of it, in case it was not them. */
export function tellTwoFactorTurnedOff(app: AppInstance, user: CurrentUser): void {
  const { env, mailer } = app.deps;
  const locale = mailLocale(user.locale);
  mailer.sendInBackground(
    actionEmail({
      to: user.email,
      subject: mailText(locale, 'twoFactorOff.subject'),
      greeting: mailText(locale, 'greeting.plain'),
      intro: mailText(locale, 'twoFactorOff.intro'),
      actionLabel: mailText(locale, 'twoFactorOff.action'),
      url: `${env.PUBLIC_URL}/settings/security`,
      outro: mailText(locale, 'twoFactorOff.outro'),
      locale,
    }),
  );
}
