import {
  backupCodeInput,
  disableTwoFactorInput,
  emailOnlyInput,
  ldapSignInInput,
  resetPasswordInput,
  signInInput,
  signUpInput,
  socialSignInInput,
  totpCodeInput,
} from '@figgle/shared/auth-schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppInstance } from '../http/app-instance.ts';
import type { AttemptRule } from './attempt-limiter.ts';
import type { CurrentUser } from './current-user.ts';
import type { PolicyLimits } from './endpoint-limits.ts';
import {
  type AfterProof,
  signUpOverUnconfirmed,
  watchConfirmation,
  watchMagicLink,
} from './proof-of-address.ts';
import type { SignUpBrowser } from './sign-up-browser.ts';
import { refuseWithoutTotpCode, tellTwoFactorTurnedOff } from './two-factor-off.ts';
import { refuseUsedConfirmation } from './used-confirmation.ts';
import { withoutSessionToken } from './without-session-token.ts';

/** One call of a better-auth endpoint, as Figgle's checks see it. */
export interface AuthCall {
  app: AppInstance;
  request: FastifyRequest;
  url: URL;
  /** The body once checked by the policy's schema. */
  body: Record<string, unknown>;
  /** The signed-in user, for policies that need one. */
  user: CurrentUser | null;
  /** On a sign-up: the nonce of the signing-up browser (auth/sign-up-browser.ts). */
  signUpBrowser?: SignUpBrowser | undefined;
}

export interface EndpointPolicy extends PolicyLimits {
  /** Checked and normalized before better-auth sees the body (unknown fields are dropped). */
  body?: z.ZodType<Record<string, unknown>>;
  /**
   * Whose account the per-account limit counts: `required` answers 401 without a session,
   * `if-signed-in` counts a session's account when there is one.
   */
  user?: 'required' | 'if-signed-in';
  /** Figgle's own refusal instead of better-auth's answer, or null to hand the call over. */
  refuse?: (call: AuthCall) => Promise<Response | null>;
  /** Runs before better-auth (when nothing refused the call) and may turn its answer. */
  watch?: (call: AuthCall) => Promise<AfterProof>;
  /** Runs after a successful answer. */
  succeeded?: (call: AuthCall) => void;
}

const minutes = (count: number) => count * 60;
const perIpPer10Minutes = (max: number): AttemptRule => ({ max, windowSeconds: minutes(10) });
const EMAIL_LINK = {
  perIp: { max: 20, windowSeconds: minutes(15) },
  perEmail: { max: 5, windowSeconds: minutes(15) },
};

const SIGN_IN: EndpointPolicy = {
  name: 'sign-in',
  body: signInInput,
  perIp: perIpPer10Minutes(50),
  // A stranger's wrong passwords slow down only that stranger's address, never the owner elsewhere.
  perEmailAndAddress: {
    freeFailures: 5,
    firstDelaySeconds: 15,
    maxDelaySeconds: minutes(15),
    forgetAfterSeconds: minutes(60),
  },
  failuresOnly: true,
};

/**
 * Codes checked with a session (enrolment, turning the factor off) are not counted by better-auth's
 * own lockout, which watches only the sign-in challenge: both share one budget per account, so a
 * stolen session can neither guess its way to turning the factor off nor use one as an oracle.
 */
const CODES_WITH_A_SESSION = {
  perAccount: { max: 5, windowSeconds: minutes(15) },
  accountCounter: 'totp-with-session',
};

const TWO_FACTOR_OFF: EndpointPolicy = {
  name: 'two-factor-off',
  body: disableTwoFactorInput,
  user: 'required',
  perIp: perIpPer10Minutes(20),
  ...CODES_WITH_A_SESSION,
  failuresOnly: true,
  refuse: (call) => refuseWithoutTotpCode(call.app, call.request, call.user!, String(call.body.code)),
  succeeded: (call) => tellTwoFactorTurnedOff(call.app, call.user!),
};

const SESSION: EndpointPolicy = {
  name: 'session',
  perIp: { max: 600, windowSeconds: minutes(1) },
};
const hideSessionToken = async () => withoutSessionToken;

/**
 * The better-auth endpoints the app uses, each with its checks and limits; any other path under
 * /api/auth answers 404 before anything is counted.
 */
const ENDPOINTS: Record<string, EndpointPolicy> = {
  'POST /sign-in/email': { ...SIGN_IN, watch: hideSessionToken },
  // Directory sign-in (auth/ldap/): the same policy name, so the same attempt counters as a password.
  'POST /sign-in/username': {
    ...SIGN_IN,
    body: ldapSignInInput,
    refuse: async (call) =>
      call.app.deps.env.LDAP_URL
        ? null
        : Response.json({ code: 'NOT_FOUND', message: 'Not found' }, { status: 404 }),
    watch: hideSessionToken,
  },
  'POST /sign-up/email': {
    name: 'sign-up',
    body: signUpInput.transform((input) => ({
      ...input,
      name: input.name?.trim() || `${input.firstname} ${input.lastname}`,
    })),
    perIp: { max: 20, windowSeconds: minutes(15) },
    perEmail: { max: 5, windowSeconds: minutes(15) },
    refuse: (call) =>
      signUpOverUnconfirmed(
        call.app.deps,
        call.body as unknown as Parameters<typeof signUpOverUnconfirmed>[1],
        call.signUpBrowser?.digest ?? null,
      ),
  },
  'POST /sign-in/magic-link': { name: 'magic-link', body: emailOnlyInput, ...EMAIL_LINK },
  'POST /request-password-reset': { name: 'password-reset-link', body: emailOnlyInput, ...EMAIL_LINK },
  'POST /send-verification-email': { name: 'confirmation-link', body: emailOnlyInput, ...EMAIL_LINK },
  'POST /reset-password': {
    name: 'password-reset',
    body: resetPasswordInput,
    perIp: { max: 20, windowSeconds: minutes(15) },
  },
  'POST /sign-in/social': { name: 'provider-sign-in', body: socialSignInInput, perIp: perIpPer10Minutes(60) },
  'POST /two-factor/verify-totp': {
    name: 'totp-code',
    body: totpCodeInput,
    user: 'if-signed-in',
    perIp: perIpPer10Minutes(30),
    ...CODES_WITH_A_SESSION,
    failuresOnly: true,
    watch: hideSessionToken,
  },
  'POST /two-factor/verify-backup-code': {
    name: 'backup-code',
    body: backupCodeInput,
    perIp: perIpPer10Minutes(30),
    failuresOnly: true,
    watch: hideSessionToken,
  },
  'POST /two-factor/enable': { name: 'two-factor-on', perIp: perIpPer10Minutes(20) },
  'POST /two-factor/disable': TWO_FACTOR_OFF,
  'GET /magic-link/verify': {
    name: 'magic-link-open',
    perIp: perIpPer10Minutes(60),
    watch: (call) => watchMagicLink(call.app.deps, call.url),
  },
  'GET /verify-email': {
    name: 'confirmation-open',
    perIp: perIpPer10Minutes(60),
    refuse: (call) => refuseUsedConfirmation(call.app.deps.db, call.app.deps.env.SECRET, call.url),
    watch: (call) => watchConfirmation(call.app.deps, call.url, call.request.headers.cookie),
  },
  'GET /get-session': { ...SESSION, watch: hideSessionToken },
  'POST /sign-out': SESSION,
  'POST /revoke-session': SESSION,
  'POST /revoke-sessions': SESSION,
};

/** Endpoints ending in one path segment of their own (a token, a provider's id). */
const WITH_PARAMETER: Array<{ method: string; prefix: string; policy: EndpointPolicy }> = [
  {
    method: 'GET',
    prefix: '/reset-password/',
    policy: { name: 'password-reset-open', perIp: perIpPer10Minutes(60) },
  },
  // Google's and the OpenID Connect provider's return (better-auth's /callback/:id).
  { method: 'GET', prefix: '/callback/', policy: { name: 'provider-return', perIp: perIpPer10Minutes(60) } },
];

/** The policy of `method authPath`, or undefined when the app offers no such endpoint. */
export function endpointPolicy(method: string, authPath: string): EndpointPolicy | undefined {
  const exact = ENDPOINTS[`${method} ${authPath}`];
  if (exact) return exact;
  for (const { method: allowed, prefix, policy } of WITH_PARAMETER) {
    const rest = authPath.slice(prefix.length);
    if (method === allowed && authPath.startsWith(prefix) && /^[A-Za-z0-9_-]{1,200}$/.test(rest))
      return policy;
  }
  return undefined;
}
