// @database pglite
import type { ApiError } from '@figgle/shared/errors';
import type { Me } from '@figgle/shared/me-schemas';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { apiAs, createUser, serverWithMail } from '@figgle/test-support/users';
import { describe, expect, it } from 'vitest';

let server: TestServer;
let mail: MailCatcher;
serverWithMail((started) => ({ server, mail } = started));

const meOf = async (response: Response) => (await response.json()) as Me;

describe('GET /api/me', () => {
  it('answers 401 without a session', async () => {
    const response = await apiAs(server, '')('/api/me');
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'unauthorized' });
  });

  it("returns the user's own profile, and nothing secret", async () => {
    const user = await createUser(server, mail, { firstname: 'Ada', lastname: 'Lovelace' });
    const response = await user.api('/api/me');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      user_id: user.userId,
      email: user.email,
      firstname: 'Ada',
      lastname: 'Lovelace',
      needs_onboarding: true,
      color_scheme: 'auto',
      locale: null,
      has_password: true,
      two_factor_enabled: false,
      redacted_figma_token: null,
    });
  });

  it('clears the onboarding flag once the user creates an organization (they become its owner)', async () => {
    const user = await createUser(server, mail);
    const created = await user.api('/api/organizations', { body: { name: 'My Organization' } });
    expect(created.status).toBe(201);
    const me = await meOf(await user.api('/api/me'));
    expect(me.needs_onboarding).toBe(false);
  });

  it('clears the onboarding flag for a user who already owns an organization', async () => {
    const user = await createUser(server, mail);
    const { db } = server.deps;
    const organization = await db
      .insertInto('organization')
      .values({ name: 'Made elsewhere' })
      .returning('organization_id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('rule')
      .values({ organization_id: organization.organization_id, user_id: user.userId, role: 'OWNER' })
      .execute();
    const me = await meOf(await user.api('/api/me'));
    expect(me.needs_onboarding).toBe(false);
    const stored = await db
      .selectFrom('app_user')
      .select('needs_onboarding')
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(stored.needs_onboarding).toBe(false);
  });

  it('keeps the flag for a user who is only a member somewhere', async () => {
    const user = await createUser(server, mail);
    const { db } = server.deps;
    const organization = await db
      .insertInto('organization')
      .values({ name: 'Someone else’s' })
      .returning('organization_id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('rule')
      .values({ organization_id: organization.organization_id, user_id: user.userId, role: 'MEMBER' })
      .execute();
    expect((await meOf(await user.api('/api/me'))).needs_onboarding).toBe(true);
  });
});

describe('PATCH /api/me', () => {
  it('changes names and the colour scheme', async () => {
    const user = await createUser(server, mail);
    const response = await user.api('/api/me', {
      method: 'PATCH',
      body: { firstname: '  Grace ', lastname: 'Hopper', color_scheme: 'dark' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      firstname: 'Grace',
      lastname: 'Hopper',
      color_scheme: 'dark',
    });
    const again = await meOf(await user.api('/api/me'));
    expect(again).toMatchObject({ firstname: 'Grace', lastname: 'Hopper', color_scheme: 'dark' });
  });

  it('changes one field alone', async () => {
    const user = await createUser(server, mail, { firstname: 'Alan', lastname: 'Turing' });
    const response = await user.api('/api/me', { method: 'PATCH', body: { color_scheme: 'light' } });
    expect(await response.json()).toMatchObject({
      firstname: 'Alan',
      lastname: 'Turing',
      color_scheme: 'light',
    });
  });

  it.each([
    [{ firstname: '' }, 'Firstname is required.'],
    [{ lastname: '   ' }, 'Lastname is required.'],
    [{ firstname: 'x'.repeat(101) }, 'Firstname is at most 100 characters.'],
    [{ color_scheme: 'purple' }, 'The colour scheme is auto, light or dark.'],
    [{ locale: 'xx' }, 'The language is en (English), de (Deutsch), fr (Français) or es (Español).'],
    [{ locale: 'de-XX' }, 'The language is en (English), de (Deutsch), fr (Français) or es (Español).'],
    [{ locale: 'DE' }, 'The language is en (English), de (Deutsch), fr (Français) or es (Español).'],
    [{ locale: 'pseudo' }, 'The language is en (English), de (Deutsch), fr (Français) or es (Español).'],
    [{}, 'Nothing to update.'],
    [{ email: 'someone@else.test' }, 'email'],
    [{ firstname: 42 }, 'firstname'],
  ])('refuses bad input %# with 400 and changes nothing', async (body, message) => {
    const user = await createUser(server, mail, { firstname: 'Kept', lastname: 'Names' });
    const response = await user.api('/api/me', { method: 'PATCH', body });
    expect(response.status).toBe(400);
    const error = (await response.json()) as ApiError;
    expect(error.code).toBe('validation_failed');
    expect(error.message).toContain(message);
    expect(await meOf(await user.api('/api/me'))).toMatchObject({
      firstname: 'Kept',
      lastname: 'Names',
      email: user.email,
      color_scheme: 'auto',
      locale: null,
    });
  });

  it('saves the language, and null goes back to following the browser', async () => {
    const user = await createUser(server, mail);
    const saved = await user.api('/api/me', { method: 'PATCH', body: { locale: 'de' } });
    expect(saved.status).toBe(200);
    expect(await meOf(saved)).toMatchObject({ locale: 'de' });
    expect(await meOf(await user.api('/api/me'))).toMatchObject({ locale: 'de' });
    const cleared = await user.api('/api/me', { method: 'PATCH', body: { locale: null } });
    expect(await meOf(cleared)).toMatchObject({ locale: null });
  });

  it('answers 401 without a session', async () => {
    const response = await apiAs(server, '')('/api/me', { method: 'PATCH', body: { firstname: 'X' } });
    expect(response.status).toBe(401);
  });
});
