import {
  appPathSchema,
  authProvidersSchema,
  backupCodeInput,
  emailOnlyInput,
  resetPasswordInput,
  signInInput,
  signUpInput,
  totpCodeInput,
} from '@figgle/shared/auth-schemas';
import type { ApiError } from '@figgle/shared/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { AppInstance } from '../app.ts';
import { HttpError } from '../http/errors.ts';
import { type AttemptRule, createAttemptLimiter, tooManyAttemptsMessage } from './attempt-limiter.ts';
import { OIDC_PROVIDER_ID } from './auth.ts';
import { friendlyAuthError } from './auth-errors.ts';
import { sessionsEndingBy } from './session-ended.ts';

const minutes = (count: number) => count * 60;

interface EndpointPolicy {
  /** Checked and normalized before better-auth sees the body (unknown fields are dropped). */
  body?: z.ZodType<Record<string, unknown>>;
  perIp: AttemptRule;
  perEmail?: AttemptRule;
  /** Count only failed attempts (a wrong password), not every request. */
  failuresOnly?: boolean;
}

const EMAIL_LINK: Omit<EndpointPolicy, 'body'> = {
  perIp: { max: 20, windowSeconds: minutes(15) },
  perEmail: { max: 5, windowSeconds: minutes(15) },
};

/** Per-path input checks and attempt limits of the better-auth endpoints people can abuse. */
const POLICIES: Record<string, EndpointPolicy> = {
  'POST /sign-in/email': {
    body: signInInput,
    perIp: { max: 50, windowSeconds: minutes(10) },
    perEmail: { max: 10, windowSeconds: minutes(10) },
    failuresOnly: true,
  },
  'POST /sign-up/email': {
    body: signUpInput.transform((input) => ({
      ...input,
      name: input.name?.trim() || `${input.firstname} ${input.lastname}`,
    })),
    perIp: { max: 20, windowSeconds: minutes(15) },
    perEmail: { max: 5, windowSeconds: minutes(15) },
  },
  'POST /sign-in/magic-link': { body: emailOnlyInput, ...EMAIL_LINK },
  'POST /request-password-reset': { body: emailOnlyInput, ...EMAIL_LINK },
  'POST /send-verification-email': { body: emailOnlyInput, ...EMAIL_LINK },
  'POST /reset-password': { body: resetPasswordInput, perIp: { max: 20, windowSeconds: minutes(15) } },
  'POST /two-factor/verify-totp': {
    body: totpCodeInput,
    perIp: { max: 30, windowSeconds: minutes(10) },
    failuresOnly: true,
  },
  'POST /two-factor/verify-backup-code': {
    body: backupCodeInput,
    perIp: { max: 30, windowSeconds: minutes(10) },
    failuresOnly: true,
  },
  'POST /two-factor/enable': { perIp: { max: 20, windowSeconds: minutes(10) } },
  'POST /two-factor/disable': { perIp: { max: 20, windowSeconds: minutes(10) }, failuresOnly: true },
  'GET /magic-link/verify': { perIp: { max: 60, windowSeconds: minutes(10) } },
  'GET /verify-email': { perIp: { max: 60, windowSeconds: minutes(10) } },
};
const DEFAULT_POLICY: EndpointPolicy = { perIp: { max: 600, windowSeconds: minutes(1) } };

function policyFor(method: string, authPath: string): EndpointPolicy {
  if (method === 'GET' && authPath.startsWith('/reset-password/')) {
    return { perIp: { max: 60, windowSeconds: minutes(10) } };
  }
  return POLICIES[`${method} ${authPath}`] ?? DEFAULT_POLICY;
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * better-auth speaks WHATWG Request/Response: each /api/auth/* call is handed over as one, after
 * Figgle's own checks (input, attempts per IP and per email). Its answers leave in Figgle's error shape.
 */
export async function authRoutes(app: AppInstance): Promise<void> {
  const { env } = app.deps;
  const limiter = createAttemptLimiter();
  // The test suites and the browser journeys all come from loopback; production traffic never does
  // unless a proxy forgot to say who the client is, and then the per-email limits still apply.
  const ipExempt = (ip: string) => env.NODE_ENV === 'test' && LOOPBACK.test(ip);

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );

  app.get(
    '/api/auth-providers',
    { schema: { tags: ['auth'], response: { 200: authProvidersSchema } } },
    async () => ({
      google: !!(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
      oidc:
        env.OIDC_ISSUER_URL && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
          ? { id: OIDC_PROVIDER_ID, name: env.OIDC_NAME }
          : null,
    }),
  );

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const url = new URL(request.url, env.PUBLIC_URL);
      const authPath = url.pathname.slice('/api/auth'.length) || '/';
      const policy = policyFor(request.method, authPath);

      let body = request.body;
      if (policy.body) body = parseBody(policy.body, body);
      if (request.method === 'GET' && authPath === '/verify-email') {
        const used = await refuseUsedConfirmation(app, url, reply);
        if (used) return used;
      }

      const email = emailOf(body);
      const limits: Array<[string, AttemptRule]> = [];
      if (!ipExempt(request.ip))
        limits.push([`ip|${request.method} ${authPath}|${request.ip}`, policy.perIp]);
      if (policy.perEmail && email) limits.push([`email|${authPath}|${email}`, policy.perEmail]);
      const wait = Math.max(0, ...limits.map(([key, rule]) => limiter.blockedFor(key, rule) ?? 0));
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        throw new HttpError(429, 'too_many_attempts', tooManyAttemptsMessage(wait));
      }
      if (!policy.failuresOnly) for (const [key, rule] of limits) limiter.record(key, rule);

      const call = { method: request.method, path: authPath, cookie: request.headers.cookie, body };
      const announceEndedSessions = await sessionsEndingBy(app.deps, call);
      const response = await app.deps.auth.handler(
        new Request(url, {
          method: request.method,
          headers: headersFor(request, body),
          body: serialize(request, body),
        }),
      );
      // better-auth answers a failed database query with a bare 500: when the database is down,
      // this check throws the driver's error instead, which http/errors.ts answers 503.
      if (response.status >= 500) await sql`SELECT 1`.execute(app.deps.db);
      announceEndedSessions(response.status);
      if (policy.failuresOnly && response.status >= 400 && response.status < 500) {
        for (const [key, rule] of limits) limiter.record(key, rule);
      }
      return relay(response, reply, request);
    },
  });
}

/**
 * better-auth's confirmation link is a signed token it would accept for 24 hours, again and again:
 * once the address is confirmed, the link counts as used and is refused like a forged one.
 */
async function refuseUsedConfirmation(app: AppInstance, url: URL, reply: FastifyReply) {
  let email: unknown;
  let changesEmail: unknown;
  try {
    const payload = (url.searchParams.get('token') ?? '').split('.')[1] ?? '';
    ({ email, updateTo: changesEmail } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
  } catch {
    return null; // Not a token at all: better-auth refuses it itself.
  }
  if (typeof email !== 'string' || changesEmail !== undefined) return null;
  const confirmed = await sql<{ id: string }>`
    SELECT id FROM auth_user WHERE email = ${email.toLowerCase()} AND "emailVerified"`.execute(app.deps.db);
  if (confirmed.rows.length === 0) return null;
  const callback = appPathSchema.safeParse(url.searchParams.get('callbackURL') ?? undefined);
  if (callback.success && callback.data) {
    const separator = callback.data.includes('?') ? '&' : '?';
    return reply.redirect(`${callback.data}${separator}error=INVALID_TOKEN`);
  }
  return reply.status(401).send(friendlyAuthError(401, JSON.stringify({ code: 'INVALID_TOKEN' })));
}

function parseBody(schema: z.ZodType<Record<string, unknown>>, body: unknown): Record<string, unknown> {
  const source = typeof body === 'string' ? Object.fromEntries(new URLSearchParams(body)) : (body ?? {});
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    path: ['body', ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
  throw new HttpError(400, 'validation_failed', issues[0]?.message ?? 'Invalid input.', issues);
}

function emailOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const email = (body as { email?: unknown }).email;
  return typeof email === 'string' ? email.trim().toLowerCase() : undefined;
}

function headersFor(request: FastifyRequest, body: unknown): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
  }
  // One address, the one Fastify resolved: better-auth records it on the session.
  headers.set('x-forwarded-for', request.ip);
  headers.delete('content-length');
  if (typeof body === 'object' && body !== null) headers.set('content-type', 'application/json');
  return headers;
}

/** Fastify has already parsed the body, so it is serialized back (as JSON once it was checked). */
function serialize(request: FastifyRequest, body: unknown): string | undefined {
  if (request.method === 'GET' || body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  return JSON.stringify(body);
}

async function relay(response: Response, reply: FastifyReply, request: FastifyRequest) {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie' || name === 'content-length') continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  const text = await response.text();
  if (response.status < 400 || !(response.headers.get('content-type') ?? '').includes('json')) {
    return reply.send(text.length ? text : null);
  }
  const error: ApiError = friendlyAuthError(response.status, text);
  if (error.statusCode >= 500) request.log.error({ status: response.status, body: text }, 'auth failure');
  return reply.type('application/json; charset=utf-8').send(error);
}
