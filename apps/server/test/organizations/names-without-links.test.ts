// @database pglite

import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { apiAs, serverWithMail, uniqueEmail } from '@figgle/test-support/users';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOrganizationWorld, type OrganizationWorld } from './organizations-world.ts';

/**
 * Names go into emails Figgle sends to addresses the name's author chose (an invitation names the
 * invitee, the inviter and the organization). A name that is a web address would turn Figgle's own
 * mail into a sender of someone else's link, which mail programs show as clickable (issue 37, item 7).
 */
let server: TestServer;
let mail: MailCatcher;
let world: OrganizationWorld;
serverWithMail((started) => ({ server, mail } = started));
beforeAll(async () => {
  world = await createOrganizationWorld(server, mail);
});

const LINKS = [
  'Claim at https://evil.example/prize',
  'evil.example',
  'Visit www.evil-prizes',
  'PRIZES.COM',
  'go to bit.ly/x',
  'mailto:win@evil.example',
];

describe('names that are web addresses are refused, and nothing is sent or changed', () => {
  it('an invitation naming its invitee with a link', async () => {
    for (const firstname of LINKS) {
      const email = uniqueEmail('linked');
      const before = mail.all().length;
      const answer = await world.owner.api(`/api/organizations/${world.organizationId}/invitations`, {
        body: { firstname, lastname: 'Person', email },
      });
      expect(answer.status, firstname).toBe(400);
      expect(((await answer.json()) as { message: string }).message).toContain(
        'Firstname cannot contain a web address.',
      );
      const stored = await server.deps.db
        .selectFrom('invitation')
        .select('email')
        .where('email', '=', email)
        .execute();
      expect(stored).toEqual([]);
      expect(mail.all().length).toBe(before);
    }
  });

  it('an organization renamed to a link keeps its name', async () => {
    for (const name of LINKS) {
      const answer = await world.owner.api(`/api/organizations/${world.organizationId}`, {
        method: 'PATCH',
        body: { name },
      });
      expect(answer.status, name).toBe(400);
      expect(((await answer.json()) as { message: string }).message).toContain(
        'The name of the organization cannot contain a web address.',
      );
    }
    const organization = await server.deps.db
      .selectFrom('organization')
      .select('name')
      .where('organization_id', '=', world.organizationId)
      .executeTakeFirstOrThrow();
    expect(organization.name).toBe('Acme');
  });

  it("a profile's lastname, and a sign-up's", async () => {
    const profile = await world.owner.api('/api/me', {
      method: 'PATCH',
      body: { lastname: 'see evil.example' },
    });
    expect(profile.status).toBe(400);
    expect(((await profile.json()) as { message: string }).message).toContain(
      'Lastname cannot contain a web address.',
    );

    const email = uniqueEmail('signup');
    const signUp = await apiAs(server, '')('/api/auth/sign-up/email', {
      body: { email, password: 'long-enough-password', firstname: 'Eve', lastname: 'https://evil.example' },
    });
    expect(signUp.status).toBe(400);
    expect(mail.all().some((message) => message.to.includes(email))).toBe(false);
  });

  it('names with dots, apostrophes and hyphens that are not addresses still pass', async () => {
    for (const [firstname, lastname] of [
      ['J. R. R.', 'Tolkien'],
      ['Anne-Marie', "O'Neil"],
      ['Dr. Ada', 'Lovelace Jr.'],
      ['J.R.R.', 'St. John'],
    ] as const) {
      const answer = await world.owner.api('/api/me', { method: 'PATCH', body: { firstname, lastname } });
      expect(answer.status, `${firstname} ${lastname}`).toBe(200);
    }
  });
});
