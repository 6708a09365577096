// @database pglite

import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { createUser, serverWithMail, type TestUser } from '@figgle/test-support/users';
import { beforeAll, describe, expect, it } from 'vitest';
import { unsubscribeToken } from '../../src/features/notification-emails/unsubscribe-link.ts';
import { mailText } from '../../src/mail/i18n.ts';
import { englishLeftIn, visibleText } from '../support/mail-catalogue-pages.ts';

/**
 * The page behind an email's unsubscribe link (issue 45) speaks the language of the person the link
 * belongs to (Settings › Preferences), else the browser's, else English: each page, in each
 * language, with no English left of its catalogue (`unsubscribePage.*` of `mail/locales`).
 */
const DAY_MS = 24 * 60 * 60 * 1000;
const PREFIX = 'unsubscribePage.';
const LANGUAGES = ['de', 'fr', 'es'] as const;

let server: TestServer;
let mail: MailCatcher;
let person: TestUser;
serverWithMail((world) => {
  ({ server, mail } = world);
});
beforeAll(async () => {
  person = await createUser(server, mail, { firstname: 'Lena' });
});

async function chooseLanguage(user: TestUser, locale: string | null): Promise<void> {
  const response = await user.api('/api/me', { method: 'PATCH', body: { locale } });
  expect(response.status, await response.clone().text()).toBe(200);
}

const linkOf = (token: string) =>
  `${server.url}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;

/** The page a browser gets: GET, or the form's POST (which turns emails off). */
async function pageAt(link: string, options: { post?: boolean; browser?: string } = {}) {
  const headers: Record<string, string> = { accept: 'text/html' };
  if (options.browser) headers['accept-language'] = options.browser;
  if (options.post) headers['content-type'] = 'application/x-www-form-urlencoded';
  const response = await fetch(link, {
    method: options.post ? 'POST' : 'GET',
    headers,
    body: options.post ? '' : undefined,
  });
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  return { status: response.status, html: await response.text() };
}

describe('the unsubscribe page in the recipient’s language', () => {
  it('shows every German text of the four pages, with no English of its catalogue left', async () => {
    await chooseLanguage(person, 'de');
    const link = linkOf(unsubscribeToken(server.env.SECRET, person.userId, new Date()));
    // The person's choice wins over the browser's language.
    const ask = await pageAt(link, { browser: 'fr-FR,fr;q=0.9' });
    expect(ask.status).toBe(200);
    expect(ask.html).toContain('<html lang="de">');
    expect(ask.html).toContain('<h1>Figgle-E-Mails abbestellen?</h1>');
    expect(ask.html).toContain('<button type="submit">Abbestellen</button>');
    expect(visibleText(ask.html)).toContain('In Figgle selbst siehst du sie weiterhin unter „Für mich“.');
    expect(ask.html).toContain('>Einstellungen → Benachrichtigungen</a> (Anmeldung nötig)');
    expect(englishLeftIn(ask.html, PREFIX, 'de')).toEqual([]);

    const done = await pageAt(link, { post: true });
    expect(done.status).toBe(200);
    expect(done.html).toContain('<h1>Du hast die E-Mails abbestellt</h1>');
    expect(visibleText(done.html)).toContain(
      `${person.email} bekommt von Figgle keine Benachrichtigungen mehr`,
    );
    expect(englishLeftIn(done.html, PREFIX, 'de')).toEqual([]);

    // An expired link still names its person: their language, not the browser's.
    const old = linkOf(
      unsubscribeToken(server.env.SECRET, person.userId, new Date(Date.now() - 61 * DAY_MS)),
    );
    for (const post of [false, true]) {
      const expired = await pageAt(old, { post, browser: 'es' });
      expect(expired.status).toBe(410);
      expect(expired.html).toContain('<h1>Dieser Link ist abgelaufen</h1>');
      expect(englishLeftIn(expired.html, PREFIX, 'de')).toEqual([]);
    }

    // A forged link names nobody: the browser's language.
    for (const post of [false, true]) {
      const forged = await pageAt(linkOf('garbage'), { post, browser: 'de-AT,de;q=0.9,en;q=0.5' });
      expect(forged.status).toBe(400);
      expect(forged.html).toContain('<h1>Dieser Link funktioniert nicht</h1>');
      expect(visibleText(forged.html)).toContain('Dieser Abbestell-Link ist ungültig');
      expect(englishLeftIn(forged.html, PREFIX, 'de')).toEqual([]);
    }
  });

  it.each(LANGUAGES)('asks and confirms in %s, from the catalogue, with no English left', async (locale) => {
    await chooseLanguage(person, locale);
    const link = linkOf(unsubscribeToken(server.env.SECRET, person.userId, new Date()));
    const ask = await pageAt(link);
    expect(ask.html).toContain(`<html lang="${locale}">`);
    const text = visibleText(ask.html);
    expect(text).toContain(mailText(locale, 'unsubscribePage.confirmTitle'));
    expect(text).toContain(mailText(locale, 'unsubscribePage.confirmMessage'));
    expect(englishLeftIn(ask.html, PREFIX, locale)).toEqual([]);
    const done = await pageAt(link, { post: true });
    expect(visibleText(done.html)).toContain(mailText(locale, 'unsubscribePage.doneTitle'));
    expect(englishLeftIn(done.html, PREFIX, locale)).toEqual([]);
  });

  it('stays English for a person with no choice and an English browser, which the check would catch', async () => {
    await chooseLanguage(person, null);
    const ask = await pageAt(linkOf(unsubscribeToken(server.env.SECRET, person.userId, new Date())), {
      browser: 'en-GB,en;q=0.9',
    });
    expect(ask.html).toContain('<h1>Unsubscribe from Figgle emails?</h1>');
    expect(englishLeftIn(ask.html, PREFIX, 'de')).toContain('Unsubscribe from Figgle emails?');
    // No saved choice: the browser's language.
    const german = await pageAt(linkOf(unsubscribeToken(server.env.SECRET, person.userId, new Date())), {
      browser: 'de-DE',
    });
    expect(german.html).toContain('<h1>Figgle-E-Mails abbestellen?</h1>');
  });
});
