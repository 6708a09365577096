import { afterEach, describe, expect, it } from 'vitest';
import { english } from './english-for-tests';
import { errorText } from './error-text';
import { setCatalog } from './i18n';

const german = {
  'errors.invalidEmailOrPassword': 'E-Mail-Adresse oder Passwort ist falsch',
  'errors.notFoundTask': 'Aufgabe nicht gefunden.',
};

describe('errorText', () => {
  afterEach(() => setCatalog('en', english, english));

  it('translates a server message by its code when the catalogue has its English word for word', () => {
    setCatalog('de', german, english);
    expect(errorText('invalid_email_or_password', 'Invalid email or password')).toBe(
      'E-Mail-Adresse oder Passwort ist falsch',
    );
    expect(errorText('not_found', 'Task not found.')).toBe('Aufgabe nicht gefunden.');
  });

  it("keeps the server's English for a message with its own details, or an unknown code", () => {
    setCatalog('de', german, english);
    expect(errorText('not_found', 'Route GET /api/nowhere not found.')).toBe(
      'Route GET /api/nowhere not found.',
    );
    expect(errorText('made_up', 'Invalid email or password')).toBe('Invalid email or password');
  });

  it('answers in English, unchanged, in English', () => {
    expect(errorText('invalid_email_or_password', 'Invalid email or password')).toBe(
      'Invalid email or password',
    );
  });
});
