// @database pglite

import { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Env } from '../../src/env.ts';
import { createMailer, type Mailer } from '../../src/mail/mailer.ts';

/**
 * The tests' SMTP server reads links out of Figgle's real mail. A confirmation token is base64url,
 * so it can hold "--"; when a quoted-printable soft line break fell just before it, the catcher took
 * that line for a MIME boundary, cut the link short, and the server rightly refused the token (the
 * occasional 401 "This link is invalid" in createUser).
 */
describe('the mail catcher', () => {
  const base = 'http://127.0.0.1:3000';
  let catcher: MailCatcher;
  let mailer: Mailer;

  beforeAll(async () => {
    catcher = new MailCatcher();
    await catcher.start();
    const silent = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;
    mailer = createMailer(
      { SMTP_URL: catcher.url, MAIL_FROM: 'Figgle <no-reply@figgle.test>' } as Env,
      silent,
    );
  });
  afterAll(async () => {
    mailer.close();
    await catcher.stop();
  });

  it('reads a link whole wherever a "--" of its token falls against a line break', async () => {
    // Every offset of the "--" within the 76-character quoted-printable lines, and a few more.
    const offsets = Array.from({ length: 90 }, (_, offset) => offset);
    const misread = await Promise.all(
      offsets.map(async (offset) => {
        const token = `${'a'.repeat(offset)}--${'b'.repeat(200)}`;
        const link = `${base}/api/auth/verify-email?token=${token}&callbackURL=%2Flogin`;
        const to = `reader-${offset}@example.test`;
        await mailer.send({
          to,
          subject: 'Confirm your email',
          text: `Confirm your address: ${link}\n\nThanks`,
          html: `<p><a href="${link}">Confirm your address</a></p>`,
        });
        const mail = await catcher.waitFor(to, /confirm/i);
        return MailCatcher.linkIn(mail, base) === link ? [] : [offset];
      }),
    );
    expect(misread.flat()).toEqual([]);
  });

  it('still tells the text part from the HTML part', async () => {
    await mailer.send({
      to: 'parts@example.test',
      subject: 'Two parts',
      text: 'the words -- in plain text',
      html: '<p>the words in <b>HTML</b></p>',
    });
    const mail = await catcher.waitFor('parts@example.test', /two parts/i);
    expect(mail.text.trim()).toBe('the words -- in plain text');
    expect(mail.html).toContain('<b>HTML</b>');
    expect(mail.text).not.toContain('<b>');
  });
});
