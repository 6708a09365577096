// @database both

import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { createUser, serverWithMail, uniqueEmail } from '@figgle/test-support/users';
import { describe, expect, it } from 'vitest';
import { enrolTotp, post } from './auth-helpers.ts';

/**
 * Issue 37, item 3: every attempt limiter judges at most its allowance, however many attempts
 * arrive at once. Each burst is sent in parallel; what is not judged is a 429.
 */
let server: TestServer;
let mail: MailCatcher;
serverWithMail((started) => ({ server, mail } = started));

const statuses = (answers: Array<{ status: number }>) => {
  const counts = new Map<number, number>();
  for (const { status } of answers) counts.set(status, (counts.get(status) ?? 0) + 1);
  return counts;
};

describe('parallel bursts against the attempt limiters', () => {
  it('sign-in: 60 wrong passwords at once from one address judge at most 5, the rest are 429', async () => {
    const user = await createUser(server, mail);
    const answers = await Promise.all(
      Array.from({ length: 60 }, () =>
        post(server, '/api/auth/sign-in/email', { email: user.email, password: 'wrong-guess' }),
      ),
    );
    const counts = statuses(answers);
    expect(counts.get(401) ?? 0).toBeLessThanOrEqual(5);
    expect((counts.get(401) ?? 0) + (counts.get(429) ?? 0)).toBe(60);
  });

  it('turning two-factor off: 40 wrong codes at once judge at most 5', async () => {
    const user = await createUser(server, mail);
    const { cookie } = await enrolTotp(server, user);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        post(server, '/api/auth/two-factor/disable', { code: '000000' }, { cookie }),
      ),
    );
    const counts = statuses(answers);
    expect(40 - (counts.get(429) ?? 0)).toBeLessThanOrEqual(5);
    expect(counts.get(429) ?? 0).toBeGreaterThanOrEqual(35);
  });

  it('a code with a session: 40 wrong codes at once judge at most 5', async () => {
    const user = await createUser(server, mail);
    const { cookie } = await enrolTotp(server, user);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        post(server, '/api/auth/two-factor/verify-totp', { code: '000000' }, { cookie }),
      ),
    );
    expect(40 - (statuses(answers).get(429) ?? 0)).toBeLessThanOrEqual(5);
  });

  it('the current password: 12 wrong ones at once judge at most 5, the rest are 429', async () => {
    const user = await createUser(server, mail);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        user.api('/api/me/password', {
          body: { currentPassword: `guess-${index}`, newPassword: 'guessed-1' },
        }),
      ),
    );
    const counts = statuses(answers);
    expect(counts.get(400) ?? 0).toBeLessThanOrEqual(5);
    expect((counts.get(400) ?? 0) + (counts.get(429) ?? 0)).toBe(12);
  });

  it('links by email: 20 sign-ups, magic links, resets and confirmations at once send at most 5 each', async () => {
    for (const [path, body] of [
      ['/api/auth/sign-up/email', { password: 'burst-pw', firstname: 'B', lastname: 'Urst' }],
      ['/api/auth/sign-in/magic-link', {}],
      ['/api/auth/request-password-reset', {}],
      ['/api/auth/send-verification-email', {}],
    ] as const) {
      const email = uniqueEmail('burst');
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => post(server, path, { ...body, email })),
      );
      expect(20 - (statuses(answers).get(429) ?? 0), path).toBeLessThanOrEqual(5);
    }
  });
});
