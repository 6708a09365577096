import { authProvidersSchema } from '@figgle/shared/auth-schemas';
import type { ApiError } from '@figgle/shared/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { AppInstance } from '../http/app-instance.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { devMailboxOpenTo } from '../mail/dev-mailbox-routes.ts';
import { tooManyAttemptsMessage } from './attempt-limiter.ts';
import { OIDC_PROVIDER_ID } from './auth.ts';
import { friendlyAuthError } from './auth-errors.ts';
import { findCurrentUser, requireUser } from './current-user.ts';
import { type Asker, createEndpointLimits } from './endpoint-limits.ts';
import { type AuthCall, endpointPolicy } from './endpoint-policies.ts';
import { watchDirectoryAccounts } from './ldap/directory-watch.ts';
import { sessionsEndingBy } from './session-ended.ts';
import { newSignUpBrowser, SIGN_UP_BROWSER_HEADER, signUpBrowserCookie } from './sign-up-browser.ts';

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * better-auth speaks WHATWG Request/Response: each /api/auth/* call the app uses is handed over as
 * one, after Figgle's own checks (input, attempts per IP, email and account). Its answers leave in
 * Figgle's error shape. Paths the app does not use answer 404 without reaching better-auth.
 */
export async function authRoutes(app: AppInstance): Promise<void> {
  const { env } = app.deps;
  const limits = createEndpointLimits();
  // The test suites and the browser journeys all come from loopback; production traffic never does
  // unless a proxy forgot to say who the client is, and then the per-email limits still apply.
  const ipExempt = (ip: string) => env.NODE_ENV === 'test' && LOOPBACK.test(ip);

  if (env.LDAP_URL) {
    // A disabled directory account's sessions end within this interval (auth/ldap/directory-watch.ts).
    const stop = watchDirectoryAccounts({ ...app.deps, log: app.log }, env, env.LDAP_CHECK_INTERVAL_MS);
    app.addHook('onClose', async () => stop());
  }

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );

  app.get(
    '/api/auth-providers',
    { schema: { tags: ['auth'], response: { 200: authProvidersSchema } } },
    async (request) => ({
      google: !!(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
      oidc:
        env.OIDC_ISSUER_URL && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
          ? { id: OIDC_PROVIDER_ID, name: env.OIDC_NAME }
          : null,
      dev_mailbox: devMailboxOpenTo(app, request),
      ldap: !!env.LDAP_URL,
    }),
  );

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    // Sign-in and account security take a browser session, never an API token.
    config: { sessionOnly: true },
    handler: async (request, reply) => {
      const url = new URL(request.url, env.PUBLIC_URL);
      const authPath = url.pathname.slice('/api/auth'.length) || '/';
      const policy = endpointPolicy(request.method, authPath);
      if (!policy) throw notFound();

      const body = policy.body ? parseBody(policy.body, request.body) : request.body;
      const user =
        policy.user === 'required'
          ? await requireUser(request)
          : policy.user === 'if-signed-in'
            ? await findCurrentUser(request)
            : null;
      const asker: Asker = {
        ip: ipExempt(request.ip) ? undefined : request.ip,
        address: request.ip,
        email: emailOf(body),
        account: user?.user_id,
      };
      const wait = limits.blockedFor(policy, asker);
      if (wait > 0) {
        app.deps.metrics.authCallFailed(policy.name, 'too_many_attempts');
        reply.header('retry-after', String(wait));
        throw new HttpError(429, 'too_many_attempts', tooManyAttemptsMessage(wait));
      }
      limits.started(policy, asker);

      // The browser that signs up gets a nonce; the confirmation link carries its digest.
      const signUpBrowser = policy.name === 'sign-up' ? newSignUpBrowser() : undefined;
      const call: AuthCall = {
        app,
        request,
        url,
        body: (body ?? {}) as Record<string, unknown>,
        user,
        signUpBrowser,
      };
      const ending = { method: request.method, path: authPath, cookie: request.headers.cookie, body };
      const announceEndedSessions = await sessionsEndingBy(app.deps, ending);
      const refused = await policy.refuse?.(call);
      const after = refused ? undefined : await policy.watch?.(call);
      let response =
        refused ??
        (await app.deps.auth.handler(
          new Request(url, {
            method: request.method,
            headers: headersFor(request, body, signUpBrowser?.digest),
            body: serialize(request, body),
          }),
        ));
      if (after) response = await after(response);
      // better-auth answers a failed database query with a bare 500: when the database is down,
      // this check throws the driver's error instead, which http/errors.ts answers 503.
      if (response.status >= 500) await sql`SELECT 1`.execute(app.deps.db);
      await announceEndedSessions(response.status);
      const failed = isFailure(response);
      limits.finished(policy, asker, failed);
      if (failed) app.deps.metrics.authCallFailed(policy.name, 'refused');
      else policy.succeeded?.(call);
      const email = emailOf(body);
      const browserCookie =
        signUpBrowser && !failed && email
          ? [signUpBrowserCookie(email, signUpBrowser, env.PUBLIC_URL.startsWith('https://'))]
          : [];
      return relay(response, reply, request, browserCookie);
    },
  });
}

/** A refusal: an error status, or a redirect that carries an error to the page it lands on. */
function isFailure(response: Response): boolean {
  if (response.status >= 400) return true;
  const location = response.headers.get('location');
  if (response.status < 300 || response.status >= 400 || !location) return false;
  return new URL(location, 'http://figgle.invalid').searchParams.has('error');
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
  // A directory sign-in counts its username where a password sign-in counts its address.
  const { email, username } = body as { email?: unknown; username?: unknown };
  if (typeof email === 'string') return email.trim().toLowerCase();
  return typeof username === 'string' ? `directory:${username.trim().toLowerCase()}` : undefined;
}

function headersFor(request: FastifyRequest, body: unknown, signUpBrowserDigest?: string): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
  }
  // Only Figgle says which browser signed up: whatever a client sent under that name is dropped.
  headers.delete(SIGN_UP_BROWSER_HEADER);
  if (signUpBrowserDigest) headers.set(SIGN_UP_BROWSER_HEADER, signUpBrowserDigest);
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

async function relay(
  response: Response,
  reply: FastifyReply,
  request: FastifyRequest,
  moreCookies: string[] = [],
) {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie' || name === 'content-length') continue;
    reply.header(name, value);
  }
  const cookies = [...response.headers.getSetCookie(), ...moreCookies];
  if (cookies.length) reply.header('set-cookie', cookies);
  const text = await response.text();
  if (response.status < 400 || !(response.headers.get('content-type') ?? '').includes('json')) {
    return reply.send(text.length ? text : null);
  }
  const error: ApiError = friendlyAuthError(response.status, text);
  if (error.statusCode >= 500) request.log.error({ status: response.status, body: text }, 'auth failure');
  return reply.type('application/json; charset=utf-8').send(error);
}
