// @database pglite
import { CLOSE_CODES, SOCKETS_PER_PERSON, SOCKETS_PER_SESSION } from '@figgle/shared/realtime-protocol';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import { startTestServer, type TestServer } from '@figgle/test-support/test-server';
import { signInAgain, startMailCatcher } from '@figgle/test-support/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganizationWorld, type OrganizationWorld } from '../organizations/organizations-world.ts';
import { TestSocket } from './realtime-socket.ts';

/**
 * The caps past the one of a session (realtime-abuse.test.ts): a person with many sessions, and one
 * client address with many people (issue 37, item 7). The address is X-Forwarded-For, believed
 * because the server trusts a proxy; the address cap is set low so the test opens few sockets.
 */
const PER_ADDRESS = 8;

let server: TestServer;
let mail: MailCatcher;
let world: OrganizationWorld;
const opened: TestSocket[] = [];

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({
    SMTP_URL: mail.url,
    TRUST_PROXY: 'true',
    REALTIME_SOCKETS_PER_ADDRESS: String(PER_ADDRESS),
  });
  world = await createOrganizationWorld(server, mail);
});
afterAll(async () => {
  for (const socket of opened) socket.close();
  await server.close();
  await mail.stop();
});

async function closeAll(): Promise<void> {
  const closing = opened.splice(0);
  for (const socket of closing) socket.close();
  await Promise.all(closing.map((socket) => socket.closed));
}

describe('sockets per person and per address', () => {
  it(`refuses a person's socket past ${SOCKETS_PER_PERSON}, whatever the sessions, and not another person's`, async () => {
    const sessionsNeeded = Math.ceil(SOCKETS_PER_PERSON / SOCKETS_PER_SESSION);
    const sessions = [world.member.cookie];
    for (let i = 1; i < sessionsNeeded + 1; i++) sessions.push(await signInAgain(server, world.member));
    try {
      // Each socket from an address of its own: only the person's count is full.
      for (let i = 0; i < SOCKETS_PER_PERSON; i++) {
        const cookie = sessions[i % sessionsNeeded]!;
        opened.push(await TestSocket.open(server.url, { cookie, forwardedFor: `10.1.0.${i + 1}` }));
      }
      // A fresh session, with room in it, from a fresh address: still the same person.
      const extra = TestSocket.connect(server.url, {
        cookie: sessions[sessionsNeeded]!,
        forwardedFor: '10.1.1.1',
      });
      expect(await extra.closed).toEqual({
        code: CLOSE_CODES.tooManySockets,
        reason: 'Too many connections',
      });
      opened.push(
        await TestSocket.open(server.url, { cookie: world.owner.cookie, forwardedFor: '10.1.1.2' }),
      );
    } finally {
      await closeAll();
    }
  });

  it(`refuses the socket past REALTIME_SOCKETS_PER_ADDRESS (${PER_ADDRESS}) from one address, and not another address's`, async () => {
    try {
      for (let i = 0; i < PER_ADDRESS; i++) {
        const person = i % 2 === 0 ? world.owner : world.member;
        opened.push(await TestSocket.open(server.url, { cookie: person.cookie, forwardedFor: '10.2.0.1' }));
      }
      const extra = TestSocket.connect(server.url, {
        cookie: world.outsider.cookie,
        forwardedFor: '10.2.0.1',
      });
      expect(await extra.closed).toEqual({
        code: CLOSE_CODES.tooManySockets,
        reason: 'Too many connections',
      });
      opened.push(
        await TestSocket.open(server.url, { cookie: world.outsider.cookie, forwardedFor: '10.2.0.2' }),
      );
    } finally {
      await closeAll();
    }
  });
});
