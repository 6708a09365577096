// @database pglite
import { apiAs, createUser, type TestUser, uniqueEmail } from '@figgle/test-support/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localeOfAcceptLanguage, mailLocale, mailText } from '../../src/mail/i18n.ts';
import {
  createTask,
  type EmailWorld,
  patchTask,
  startEmailWorld,
  stopEmailWorld,
} from '../notifications/notification-emails-world.ts';

/** Emails in the recipient's language (issue 45): the one saved in Preferences, else English. */
let world: EmailWorld;

beforeAll(async () => {
  world = await startEmailWorld();
}, 60_000);
afterAll(async () => stopEmailWorld(world));

async function chooseLanguage(user: TestUser, locale: string | null): Promise<void> {
  const response = await user.api('/api/me', { method: 'PATCH', body: { locale } });
  expect(response.status, await response.clone().text()).toBe(200);
}

describe('emails in the recipient’s language', () => {
  it('sends a German member their assignment in German, with the shared parts in German too', async () => {
    const { owner, member, mail, projectId } = world;
    await chooseLanguage(member, 'de');
    const taskId = await createTask(owner, projectId, 'Logo zeichnen');
    await patchTask(owner, taskId, { assignee_id: member.userId });

    const email = await mail.waitFor(member.email, /zugewiesen/, 10_000);
    expect(email.subject).toMatch(/^Olive Owner hat dir WEB-\d+ zugewiesen: Logo zeichnen$/);
    expect(email.text).toContain('Olive Owner hat dir die Aufgabe zugewiesen.');
    expect(email.text).toContain(`Aufgabe öffnen: ${world.server.url}/task/${taskId}`);
    expect(email.text).toContain(
      'Du erhältst diese E-Mail wegen deiner Benachrichtigungseinstellungen in Figgle.',
    );
    expect(email.html).toContain('>Einstellungen ändern</a> oder <a href=');
    expect(email.text).not.toContain('assigned');
  });

  it('invites a French user in French, and an address without an account in the inviter’s language', async () => {
    const { owner, mail, server, organizationId } = world;
    const french = await createUser(server, mail, { firstname: 'Flore' });
    await chooseLanguage(french, 'fr');
    const invite = async (email: string) => {
      const response = await owner.api(`/api/organizations/${organizationId}/invitations`, {
        body: { firstname: 'Flore', lastname: 'Dupont', email },
      });
      expect(response.status, await response.clone().text()).toBe(201);
    };

    await invite(french.email);
    const inFrench = await mail.waitFor(french.email, /Vous êtes invité à rejoindre Acme sur Figgle/, 10_000);
    expect(inFrench.text).toContain('Bonjour Flore,');
    expect(inFrench.text).toContain('Olive Owner vous a invité à rejoindre l’organisation Acme sur Figgle.');
    expect(inFrench.html).toContain('Ou collez ce lien dans votre navigateur');

    await chooseLanguage(owner, 'es');
    const newcomer = uniqueEmail();
    await invite(newcomer);
    const inSpanish = await mail.waitFor(newcomer, /Te han invitado a unirte a Acme en Figgle/, 10_000);
    expect(inSpanish.text).toContain('Unirte a Acme');
    await chooseLanguage(owner, null);
  });

  it('confirms a sign-up in the language of the browser that signed up', async () => {
    const { server, mail } = world;
    const email = uniqueEmail();
    const response = await apiAs(server, '')('/api/auth/sign-up/email', {
      body: { email, password: 'pw-deutsch-1', name: 'Dora Deutsch', firstname: 'Dora', lastname: 'Deutsch' },
      headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const confirmation = await mail.waitFor(email, /Bestätige dein Figgle-Konto/, 10_000);
    expect(confirmation.text).toContain('Willkommen bei Figgle!');
    expect(confirmation.text).toContain('E-Mail-Adresse bestätigen:');
  });
});

describe('the mail catalogue', () => {
  it('picks the first language Figgle has, else English, and keeps English word for word', () => {
    expect(localeOfAcceptLanguage('pt-BR,fr-CA;q=0.8,de;q=0.5')).toBe('fr');
    expect(localeOfAcceptLanguage('pt-BR')).toBeNull();
    expect(mailLocale(null, undefined, 'xx', 'es')).toBe('es');
    expect(mailLocale(null)).toBe('en');
    expect(mailText('en', 'notification.digestSubject', { count: 1 })).toBe(
      'Your Figgle digest: one unread notification',
    );
    expect(mailText('de', 'notification.batchIntro', { count: 3 })).toBe(
      '3 Neuigkeiten zu Aufgaben, die du in Figgle beobachtest.',
    );
  });
});
