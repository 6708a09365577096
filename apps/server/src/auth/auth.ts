import { randomBytes } from 'node:crypto';
import type { Locale } from '@figgle/shared/constants';
import { betterAuth } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { magicLink } from 'better-auth/plugins/magic-link';
import { type Kysely, sql } from 'kysely';
import { authSchemaOptions, TWO_FACTOR_CHALLENGE_SECONDS } from '../db/auth-schema.ts';
import type { Database } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { trustedOriginsOf } from '../http/request-origin.ts';
import { localeOfAcceptLanguage, mailLocale, mailText } from '../mail/i18n.ts';
import type { Mailer } from '../mail/mailer.ts';
import { savedLocaleOf } from '../mail/recipient-locale.ts';
import { type ActionEmailText, actionEmail } from '../mail/templates.ts';
import { ldapConfigured } from './ldap/directory.ts';
import { ldapSignIn } from './ldap/ldap-plugin.ts';
import { passwordHasher } from './password-hashing.ts';
import { ensureProfile } from './profile.ts';
import { SIGN_UP_BROWSER_HEADER } from './sign-up-browser.ts';
import {
  bindToSignUpPassword,
  confirmationEmail,
  EMAIL_VERIFICATION_EXPIRES_SECONDS,
} from './sign-up-link.ts';

const MAGIC_LINK_EXPIRES_SECONDS = 15 * 60;
const PASSWORD_RESET_EXPIRES_SECONDS = 60 * 60;
export const OIDC_PROVIDER_ID = 'oidc';

/**
 * Sign-ins that do not go through the two-factor plugin's own check (it only watches /sign-in/email),
 * by better-auth's route names (ctx.path): the magic link, and the return from Google or the OpenID
 * Connect provider (both are /callback/:id since generic OAuth providers became social providers).
 * /sign-in/social signs in by itself only with an ID token, which routes.ts refuses: listed anyway,
 * so that no way in skips the code.
 */
export const LINK_AND_PROVIDER_SIGN_INS = new Set(['/magic-link/verify', '/callback/:id', '/sign-in/social']);

interface AuthDeps {
  env: Env;
  db: Kysely<Database>;
  mailer: Mailer;
}

export function createAuth({ env, db, mailer }: AuthDeps) {
  // Sent after the answer: the answer must not take longer for a registered address than for another,
  // so the recipient's language is looked up after it too. It is the one they chose, else the
  // language of the browser that asked, else English.
  const sendMail = (
    to: string,
    asking: Headers | undefined,
    message: (locale: Locale) => ActionEmailText,
  ) => {
    void savedLocaleOf(db, to)
      .catch(() => null)
      .then((saved) => {
        const locale = mailLocale(saved, localeOfAcceptLanguage(asking?.get('accept-language')));
        mailer.sendInBackground(actionEmail({ ...message(locale), to, locale }));
      });
  };
  const isRegistered = async (email: string) => {
    const found = await sql<{
      id: string;
    }>`SELECT id FROM auth_user WHERE email = ${email.trim().toLowerCase()}`.execute(db);
    return found.rows.length > 0;
  };
  const socialProviders =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? {
          google: {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            // The app signs in through Google's redirect only (routes.ts refuses an ID token too).
            disableIdTokenSignIn: true,
          },
        }
      : {};
  const oidcProviders =
    env.OIDC_ISSUER_URL && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
      ? [
          {
            providerId: OIDC_PROVIDER_ID,
            discoveryUrl: `${env.OIDC_ISSUER_URL.replace(/\/+$/, '')}/.well-known/openid-configuration`,
            clientId: env.OIDC_CLIENT_ID,
            clientSecret: env.OIDC_CLIENT_SECRET,
            scopes: ['openid', 'email', 'profile'],
            pkce: true,
          },
        ]
      : [];

  const schema = authSchemaOptions(db);
  return betterAuth({
    ...schema,
    appName: 'Figgle',
    logger: {
      disabled: env.LOG_LEVEL === 'silent',
      level:
        env.LOG_LEVEL === 'debug' || env.LOG_LEVEL === 'trace'
          ? 'debug'
          : env.LOG_LEVEL === 'info'
            ? 'info'
            : env.LOG_LEVEL === 'warn'
              ? 'warn'
              : 'error',
    },
    baseURL: env.PUBLIC_URL,
    basePath: '/api/auth',
    secret: env.SECRET,
    // The address the request was sent to counts too, as for Figgle's own routes (http/request-origin.ts).
    trustedOrigins: (request) => trustedOriginsOf(request, env.PUBLIC_URL),
    // A provider sign-in that fails before knowing where to return (a forged or stale state) lands on
    // the login page, which shows the catalogue's provider failure toast.
    onAPIError: { errorURL: `${env.PUBLIC_URL}/login?provider-error=1` },
    emailAndPassword: {
      enabled: true,
      password: passwordHasher(env),
      minPasswordLength: 6,
      requireEmailVerification: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: PASSWORD_RESET_EXPIRES_SECONDS,
      // Registering an address that already has an account answers like a fresh registration; the
      // owner of the address is told instead, so nobody learns from the answer who is registered.
      onExistingUserSignUp: async ({ user }, request) =>
        sendMail(user.email, request?.headers, (locale) => ({
          subject: mailText(locale, 'existingAccount.subject'),
          greeting: mailText(locale, 'greeting.plain'),
          intro: mailText(locale, 'existingAccount.intro'),
          actionLabel: mailText(locale, 'existingAccount.action'),
          url: `${env.PUBLIC_URL}/login`,
        })),
      sendResetPassword: async ({ user, url }, request) =>
        sendMail(user.email, request?.headers, (locale) => ({
          subject: mailText(locale, 'resetPassword.subject'),
          greeting: mailText(locale, 'greeting.plain'),
          intro: mailText(locale, 'resetPassword.intro'),
          actionLabel: mailText(locale, 'resetPassword.action'),
          url,
        })),
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: EMAIL_VERIFICATION_EXPIRES_SECONDS,
      // The link a sign-up sends confirms that sign-up's password only (auth/proof-of-address.ts);
      // a link asked for later confirms the address, and its opener then chooses the password.
      sendVerificationEmail: async ({ user, url }, request) => {
        const fromSignUp = request ? new URL(request.url).pathname.endsWith('/sign-up/email') : false;
        const browser = request?.headers.get(SIGN_UP_BROWSER_HEADER) ?? null;
        const link = fromSignUp
          ? await bindToSignUpPassword({ db, env }, { url, userId: user.id, email: user.email, browser })
          : url;
        const locale = mailLocale(localeOfAcceptLanguage(request?.headers.get('accept-language')));
        mailer.sendInBackground(confirmationEmail(user.email, link, locale));
      },
    },
    socialProviders,
    account: {
      ...schema.account,
      // A provider's sign-in joins an existing account of the same address only when the provider
      // says it verified that address (and the account's address is confirmed too, better-auth's
      // default). No provider is "trusted": better-auth would link a trusted one's unverified email.
      accountLinking: { enabled: true, trustedProviders: [] },
    },
    databaseHooks: {
      user: { create: { after: async (user) => void (await ensureProfile(db, user)) } },
    },
    hooks: {
      after: createAuthMiddleware(async (ctx) => {
        if (!LINK_AND_PROVIDER_SIGN_INS.has(ctx.path ?? '')) return;
        const signedIn = ctx.context.newSession;
        if (!signedIn?.user.twoFactorEnabled) return;
        // Same challenge as the two-factor plugin sets after a password: no session until the code.
        deleteSessionCookie(ctx, true);
        await ctx.context.internalAdapter.deleteSession(signedIn.session.token);
        ctx.context.setNewSession(null);
        const identifier = `2fa-${randomBytes(15).toString('base64url')}`;
        const expiresAt = new Date(Date.now() + TWO_FACTOR_CHALLENGE_SECONDS * 1000);
        await ctx.context.internalAdapter.createVerificationValue({
          value: signedIn.user.id,
          identifier,
          expiresAt,
        });
        await ctx.context.internalAdapter.createVerificationValue({
          value: '0',
          identifier: `2fa-attempts-${identifier}`,
          expiresAt,
        });
        const cookie = ctx.context.createAuthCookie('two_factor', { maxAge: TWO_FACTOR_CHALLENGE_SECONDS });
        await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);
        throw ctx.redirect(`${env.PUBLIC_URL}/login?two-factor=1`);
      }),
    },
    advanced: {
      cookiePrefix: 'figgle',
      useSecureCookies: env.PUBLIC_URL.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    // Attempts are limited per address and per IP in routes.ts, with a message people understand.
    rateLimit: { enabled: false },
    plugins: [
      ...schema.plugins,
      magicLink({
        disableSignUp: true,
        expiresIn: MAGIC_LINK_EXPIRES_SECONDS,
        storeToken: 'hashed',
        // A link is only sent to an address with an account; the answer is the same either way.
        sendMagicLink: async ({ email, url }, context) => {
          if (!(await isRegistered(email))) return;
          sendMail(email, context?.headers, (locale) => ({
            subject: mailText(locale, 'magicLink.subject'),
            greeting: mailText(locale, 'greeting.plain'),
            intro: mailText(locale, 'magicLink.intro'),
            actionLabel: mailText(locale, 'magicLink.action'),
            url,
          }));
        },
      }),
      ...(oidcProviders.length ? [genericOAuth({ config: oidcProviders })] : []),
      ...(ldapConfigured(env) ? [ldapSignIn(env, db)] : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
