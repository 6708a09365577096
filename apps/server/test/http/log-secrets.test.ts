// @database pglite
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FakeFigma } from '@figgle/test-support/fake-figma';
import { FakeLlm } from '@figgle/test-support/fake-llm';
import { MailCatcher } from '@figgle/test-support/mail-catcher';
import { freePort } from '@figgle/test-support/test-server';
import { cookieHeaderFrom, startMailCatcher, uniqueEmail } from '@figgle/test-support/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The production server (NODE_ENV=production, SMTP mandatory, so no dev mailbox) logging at trace,
 * its stdout and stderr captured whole, taken through every flow that handles a secret. Not one of
 * the secrets may appear in what it wrote.
 */

const mainFile = path.resolve(fileURLToPath(import.meta.url), '../../../src/main.ts');
const SECRET = `log-test-secret-${randomBytes(16).toString('hex')}`;
const FIGMA_TOKEN = `figd_${randomBytes(20).toString('hex')}`;
const LLM_API_KEY = `sk-${randomBytes(20).toString('hex')}`;

let dataDir: string;
let mail: MailCatcher;
let figma: FakeFigma;
let llm: FakeLlm;
let child: ChildProcess;
let url: string;
let output = '';
/** Every secret the flows below handled, by what it is. */
const secrets: Record<string, string> = {
  'the server SECRET': SECRET,
  'the Figma token': FIGMA_TOKEN,
  'the language model key': LLM_API_KEY,
};

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'figgle-log-secrets-'));
  mail = await startMailCatcher();
  figma = await new FakeFigma({ tokens: [FIGMA_TOKEN] }).start();
  llm = await new FakeLlm().start();
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      SECRET,
      SMTP_URL: mail.url,
      FIGMA_API_URL: figma.url,
      LLM_API_URL: llm.url,
      LLM_API_KEY,
      LLM_MODEL: 'fake-llama',
      LOG_LEVEL: 'trace',
      FIGGLE_SERVE_WEB: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  // A cold start migrates a new embedded database: slow on a busy machine.
  const deadline = Date.now() + 100_000;
  while (
    !(await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await figma?.stop();
  await llm?.stop();
  await mail?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function send(pathname: string, body: unknown, cookie = '', method = 'POST'): Promise<Response> {
  const response = await fetch(`${url}${pathname}`, {
    method,
    headers: { origin: url, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  expect(response.status, `${method} ${pathname}: ${response.status}`).toBeLessThan(400);
  return response;
}

/** Opens an emailed link as a browser would, recording its token and the session it may set. */
async function openEmailedLink(to: string, subject: RegExp, label: string, cookie = ''): Promise<string> {
  const link = MailCatcher.linkIn(await mail.waitFor(to, subject), url);
  const token = new URL(link).searchParams.get('token') ?? link.match(/reset-password\/([^?]+)/)?.[1];
  if (!token) throw new Error(`no token in ${link}`);
  secrets[`the ${label} token`] = token;
  const opened = await fetch(link, { redirect: 'manual', headers: cookie ? { cookie } : {} });
  expect(opened.status).toBeLessThan(400);
  recordCookie(opened, `the ${label} session cookie`);
  return token;
}

function recordCookie(response: Response, label: string): string {
  const cookie = cookieHeaderFrom(response);
  const value = cookie.match(/figgle\.session_token=([^;]+)/)?.[1];
  if (value) {
    secrets[label] = decodeURIComponent(value);
    secrets[`${label} (its token)`] = decodeURIComponent(value).split('.')[0]!;
  }
  return cookie;
}

describe('secrets in the logs of a production server at trace level', () => {
  it('runs sign-up, confirmation, password and magic-link sign-ins, reset, Figma token, summary, invitation and API token', async () => {
    const email = uniqueEmail('logged');
    secrets['the sign-up password'] = `signup-${randomBytes(8).toString('hex')}`;
    const signedUp = await send('/api/auth/sign-up/email', {
      email,
      password: secrets['the sign-up password'],
      firstname: 'Lo',
      lastname: 'Gged',
      callbackURL: '/auth?activation',
    });
    // The mark of the browser that signed up is a secret too: it lets a link keep the password.
    const signUpCookie = cookieHeaderFrom(signedUp);
    secrets['the sign-up browser cookie'] = signUpCookie.split('=')[1]!;
    await openEmailedLink(email, /confirm/i, 'email confirmation', signUpCookie);

    const signIn = await send('/api/auth/sign-in/email', {
      email,
      password: secrets['the sign-up password'],
    });
    const cookie = recordCookie(signIn, 'the password session cookie');

    await send('/api/auth/sign-in/magic-link', { email, callbackURL: '/projects' });
    await openEmailedLink(email, /sign-in link/, 'magic link');

    await send('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    const resetToken = await openEmailedLink(email, /reset/i, 'password reset');
    secrets['the reset password'] = `reset-${randomBytes(8).toString('hex')}`;
    await send('/api/auth/reset-password', { token: resetToken, newPassword: secrets['the reset password'] });
    const again = await send('/api/auth/sign-in/email', { email, password: secrets['the reset password'] });
    const freshCookie = recordCookie(again, 'the cookie after the reset');

    secrets['the changed password'] = `changed-${randomBytes(8).toString('hex')}`;
    const passwords = {
      currentPassword: secrets['the reset password'],
      newPassword: secrets['the changed password'],
    };
    await send('/api/me/password', passwords, freshCookie);
    await send('/api/me/figma-token', { token: FIGMA_TOKEN }, freshCookie, 'PUT');
    const organization = (await (
      await send('/api/organizations', { name: 'Logged' }, freshCookie)
    ).json()) as {
      organization_id: string;
    };
    await send(
      `/api/organizations/${organization.organization_id}/figma-team`,
      { figma_team_id: '1234567890' },
      freshCookie,
      'PUT',
    );

    // The summary of the week, once refused by the model (a warning is logged), once written by it.
    for (const mode of ['http-error', 'good'] as const) {
      llm.mode = mode;
      const summary = await fetch(`${url}/api/dashboard/summary`, { headers: { cookie: freshCookie } });
      expect(summary.status).toBe(200);
    }
    expect(llm.requests.map((request) => request.authorization)).toEqual([
      `Bearer ${LLM_API_KEY}`,
      `Bearer ${LLM_API_KEY}`,
    ]);

    const invited = uniqueEmail('invited');
    await send(
      `/api/organizations/${organization.organization_id}/invitations`,
      { firstname: 'In', lastname: 'Vited', email: invited },
      freshCookie,
    );
    const invitationLink = MailCatcher.linkIn(await mail.waitFor(invited, /invit/i), url);
    const invitationToken = new URL(invitationLink).searchParams.get('token')!;
    secrets['the invitation token'] = invitationToken;
    secrets['the invitee password'] = `joined-${randomBytes(8).toString('hex')}`;
    await send('/api/invitations/lookup', { token: invitationToken });
    const accepted = await send('/api/invitations/accept', {
      token: invitationToken,
      password: secrets['the invitee password'],
    });
    recordCookie(accepted, 'the invitee session cookie');
    // An API token: created from the session, used by a script (right and wrong), then revoked.
    const created = (await (
      await send('/api/me/api-tokens', { name: 'Logged script', scope: 'read-write' }, freshCookie)
    ).json()) as { api_token_id: string; token: string };
    secrets['the API token'] = created.token;
    secrets['the API token (its secret part)'] = created.token.split('_').slice(2).join('_');
    const withToken = (token: string) =>
      fetch(`${url}/api/organizations`, { headers: { authorization: `Bearer ${token}` } });
    expect((await withToken(created.token)).status).toBe(200);
    const forged = `${created.token.slice(0, -4)}AAAA`;
    secrets['a forged API token'] = forged;
    expect((await withToken(forged)).status).toBe(401);
    await send(`/api/me/api-tokens/${created.api_token_id}`, {}, freshCookie, 'DELETE');
    expect((await withToken(created.token)).status).toBe(401);

    await send('/api/auth/sign-out', {}, cookie);

    // The log really saw these requests, their URLs included.
    expect(output).toContain('"msg":"incoming request"');
    expect(output).toContain('/api/auth/reset-password');
    expect(output).toContain('/api/invitations/accept');
    expect(output).toContain('/api/me/api-tokens');
    expect(output).toContain('/api/auth/verify-email?token=[redacted]');
    expect(output).toContain('weekly summary: the language model failed');
    expect(Object.keys(secrets).length).toBeGreaterThanOrEqual(18);
  });

  it('wrote none of the secrets', () => {
    const leaked = Object.entries(secrets)
      .filter(([, secret]) => output.includes(secret) || output.includes(encodeURIComponent(secret)))
      .map(([label]) => label);
    expect(leaked).toEqual([]);
  });
});
