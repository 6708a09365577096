// @database pglite
import { startTestServer, type TestServer } from '@figgle/test-support/test-server';
import { apiAs, uniqueEmail } from '@figgle/test-support/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailText } from '../../src/mail/i18n.ts';
import { englishLeftIn, visibleText } from '../support/mail-catalogue-pages.ts';

/**
 * The dev mailbox (no SMTP_URL) in the browser's language (issue 45): whoever opens it may not be
 * signed in yet, so its Accept-Language decides; no English of its catalogue (`devMailbox.*`) is left.
 */
const PREFIX = 'devMailbox.';
let server: TestServer;
let email: string;

beforeAll(async () => {
  server = await startTestServer();
  email = uniqueEmail('postfach');
  const signUp = await apiAs(server, '')('/api/auth/sign-up/email', {
    body: { email, password: 'postfach-45', name: 'Paula Post', firstname: 'Paula', lastname: 'Post' },
    headers: { 'accept-language': 'de-DE,de;q=0.9' },
  });
  expect(signUp.status, await signUp.clone().text()).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

/** The page, once the sign-up's confirmation is on it (emails leave in the background). */
async function mailboxIn(language: string | undefined): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const response = await fetch(`${server.url}/dev/mailbox`, {
      headers: language ? { 'accept-language': language } : {},
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    if (html.includes('<article>')) return html;
    if (Date.now() > deadline) throw new Error('the confirmation never reached the dev mailbox');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the dev mailbox in the browser’s language', () => {
  it('is German for a German browser, with no English of its catalogue left', async () => {
    const html = await mailboxIn('de-CH,de;q=0.9,en;q=0.5');
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<title>Figgle-Entwicklungs-Postfach</title>');
    expect(html).toContain('<h1>Entwicklungs-Postfach</h1>');
    expect(html).toContain(`<p class="meta">An ${email} · `);
    expect(html).toContain('Setze <code>SMTP_URL</code>, um echte E-Mails zu verschicken.');
    // The email itself is the sign-up browser's language too.
    expect(html).toContain('<h2>Bestätige dein Figgle-Konto</h2>');
    expect(englishLeftIn(html, PREFIX, 'de')).toEqual([]);
  });

  it.each(['fr', 'es'] as const)('is in %s from the catalogue, with no English left', async (locale) => {
    const html = await mailboxIn(locale);
    expect(html).toContain(`<html lang="${locale}">`);
    const text = visibleText(html);
    expect(text).toContain(mailText(locale, 'devMailbox.heading'));
    expect(text).toContain(mailText(locale, 'devMailbox.intro'));
    expect(englishLeftIn(html, PREFIX, locale)).toEqual([]);
  });

  it('stays English without a language Figgle has, which the check would catch', async () => {
    for (const language of [undefined, 'pt-BR,ja;q=0.8']) {
      const html = await mailboxIn(language);
      expect(html).toContain('<h1>Dev mailbox</h1>');
      expect(englishLeftIn(html, PREFIX, 'de')).toContain('Dev mailbox');
    }
  });
});
