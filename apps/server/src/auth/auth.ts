import { betterAuth } from 'better-auth';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { magicLink } from 'better-auth/plugins/magic-link';
import { twoFactor } from 'better-auth/plugins/two-factor';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Env } from '../env.ts';
import type { Mailer } from '../mail/mailer.ts';
import { actionEmail } from '../mail/templates.ts';
import { ensureProfile } from './profile.ts';

export const MAGIC_LINK_EXPIRES_SECONDS = 15 * 60;
export const OIDC_PROVIDER_ID = 'oidc';

interface AuthDeps {
  env: Env;
  db: Kysely<Database>;
  mailer: Mailer;
}

/**
 * The options that shape better-auth's tables. Shared by the running instance and by migrations,
 * which run before any setting or mailer exists.
 */
export function authSchemaOptions(db: Kysely<Database>) {
  return {
    database: { db: db as Kysely<unknown>, type: 'postgres' as const, casing: 'snake' as const },
    user: {
      modelName: 'auth_user',
      additionalFields: {
        firstname: { type: 'string' as const, required: false, input: true },
        lastname: { type: 'string' as const, required: false, input: true },
      },
    },
    session: { modelName: 'auth_session' },
    account: { modelName: 'auth_account' },
    verification: { modelName: 'auth_verification' },
    // Plugins that add tables or columns must be here too, so migrations create them.
    plugins: [twoFactor({ issuer: 'Figgle', schema: { twoFactor: { modelName: 'auth_two_factor' } } })],
  };
}

export function createAuth({ env, db, mailer }: AuthDeps) {
  const sendMail = async (message: Parameters<typeof actionEmail>[0]) => mailer.send(actionEmail(message));
  const socialProviders =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? { google: { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET } }
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
    baseURL: env.PUBLIC_URL,
    basePath: '/api/auth',
    secret: env.SECRET,
    trustedOrigins: [env.PUBLIC_URL],
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      requireEmailVerification: true,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) =>
        sendMail({
          to: user.email,
          subject: 'Reset your Figgle password',
          greeting: 'Hello,',
          intro: 'Someone asked to reset the password of your Figgle account.',
          actionLabel: 'Choose a new password',
          url,
        }),
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      sendVerificationEmail: async ({ user, url }) =>
        sendMail({
          to: user.email,
          subject: 'Confirm your Figgle account',
          greeting: 'Welcome to Figgle!',
          intro: 'Please confirm your email address to activate your account.',
          actionLabel: 'Confirm my email',
          url,
        }),
    },
    socialProviders,
    account: {
      ...schema.account,
      accountLinking: { enabled: true, trustedProviders: ['google', OIDC_PROVIDER_ID] },
    },
    databaseHooks: {
      user: { create: { after: async (user) => void (await ensureProfile(db, user)) } },
    },
    advanced: {
      cookiePrefix: 'figgle',
      useSecureCookies: env.PUBLIC_URL.startsWith('https://'),
    },
    rateLimit: {
      enabled: true,
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/sign-in/magic-link': { window: 60, max: 5 },
        '/request-password-reset': { window: 60, max: 5 },
        '/send-verification-email': { window: 60, max: 5 },
        '/two-factor/verify-totp': { window: 60, max: 10 },
      },
    },
    plugins: [
      ...schema.plugins,
      magicLink({
        disableSignUp: true,
        expiresIn: MAGIC_LINK_EXPIRES_SECONDS,
        sendMagicLink: async ({ email, url }) =>
          sendMail({
            to: email,
            subject: 'Your Figgle sign-in link',
            greeting: 'Hello,',
            intro: 'Use this link to sign in to Figgle. It works once and expires in 15 minutes.',
            actionLabel: 'Sign in to Figgle',
            url,
          }),
      }),
      ...(oidcProviders.length ? [genericOAuth({ config: oidcProviders })] : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
