// @database pglite
import { lookup as systemLookup } from 'node:dns/promises';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import { startTestServer, type TestServer } from '@figgle/test-support/test-server';
import { startMailCatcher } from '@figgle/test-support/users';
import { WebhookReceiver } from '@figgle/test-support/webhook-receiver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isPublicAddress,
  parseWebhookUrl,
  resolveTarget,
  UnsafeTargetError,
} from '../../src/features/webhooks/address-guard.ts';
import { encryptWebhookSecret, newWebhookSecret } from '../../src/features/webhooks/secret.ts';
import type { HostLookup } from '../../src/net/host-lookup.ts';
import { createProject, eventually } from '../figma/figma-world.ts';
import { createOrganizationWorld, type OrganizationWorld } from '../organizations/organizations-world.ts';
import { deliveryLog } from './webhooks-world.ts';

/** A webhook never reaches inside the server's network without WEBHOOKS_ALLOW_PRIVATE: SSRF. */
describe('webhook address safety', () => {
  it('takes only public unicast addresses, IPv4 and IPv6', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      'fd00:ec2::254',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
      'not-an-address',
    ])
      expect(isPublicAddress(address), address).toBe(false);
    for (const address of ['93.184.215.14', '1.1.1.1', '2606:4700:4700::1111'])
      expect(isPublicAddress(address), address).toBe(true);
  });

  it('refuses every IPv6 form that embeds an IPv4 address, whatever the spelling', async () => {
    for (const address of [
      // ::/96, "IPv4-compatible": [::127.0.0.1] is written ::7f00:1 by the URL parser.
      '::7f00:1',
      '::a00:1',
      '::a9fe:a9fe',
      '::808:808',
      '::127.0.0.1',
      // ::ffff:0:0/96 mapped, in hexadecimal, and ::ffff:0:0:0/96 translated.
      '::ffff:7f00:1',
      '::ffff:0:7f00:1',
      // 64:ff9b::/96 and 64:ff9b:1::/48, NAT64: the gateway would connect to the embedded address.
      '64:ff9b::7f00:1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b:1::a00:1',
      // 2002::/16, 6to4, and Teredo's 2001::/32.
      '2002:7f00:1::1',
      '2002:a00:1::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    ])
      expect(isPublicAddress(address), address).toBe(false);
    for (const text of [
      'http://[::127.0.0.1]/hooks',
      'http://[::10.0.0.1]/hooks',
      'http://[::ffff:0:7f00:1]/',
    ]) {
      await expect(resolveTarget(parseWebhookUrl(text), false), text).rejects.toThrow(/private or local/);
    }
  });

  it('checks what a name resolves to, every address of it', async () => {
    const resolvesTo =
      (...addresses: string[]) =>
      async () =>
        addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    const url = new URL('https://hooks.example.com/in');
    await expect(resolveTarget(url, false, resolvesTo('10.0.0.1'))).rejects.toThrow(/10\.0\.0\.1/);
    await expect(resolveTarget(url, false, resolvesTo('127.0.0.1'))).rejects.toBeInstanceOf(
      UnsafeTargetError,
    );
    await expect(resolveTarget(url, false, resolvesTo('93.184.215.14', '10.0.0.1'))).rejects.toThrow(
      /private/,
    );
    await expect(resolveTarget(url, false, resolvesTo('::ffff:10.0.0.1'))).rejects.toThrow(/private/);
    await expect(resolveTarget(url, false, resolvesTo('93.184.215.14'))).resolves.toEqual({
      address: '93.184.215.14',
      family: 4,
    });
    await expect(resolveTarget(url, true, resolvesTo('10.0.0.1'))).resolves.toEqual({
      address: '10.0.0.1',
      family: 4,
    });
    const missing = async () => {
      throw new Error('ENOTFOUND');
    };
    await expect(resolveTarget(url, true, missing)).rejects.toThrow(/could not be found/);
  });

  describe('without WEBHOOKS_ALLOW_PRIVATE', () => {
    let mail: MailCatcher;
    let server: TestServer;
    let world: OrganizationWorld;
    let receiver: WebhookReceiver;

    beforeAll(async () => {
      mail = await startMailCatcher();
      server = await startTestServer({ SMTP_URL: mail.url });
      world = await createOrganizationWorld(server, mail, 'Locked Down');
      receiver = await new WebhookReceiver().start();
    }, 60_000);

    afterAll(async () => {
      await server?.close();
      await receiver?.stop();
      await mail?.stop();
    });

    it('refuses private and local targets at creation with a clear 400', async () => {
      const base = `/api/organizations/${world.organizationId}/webhooks`;
      for (const url of [
        receiver.url(),
        `http://127.0.0.1:${receiver.port}/hooks`,
        'http://10.0.0.1/hooks',
        'http://[::ffff:10.0.0.1]/hooks',
        'http://[::ffff:7f00:1]/hooks',
        'http://169.254.169.254/latest/meta-data',
        'http://[::1]/hooks',
        'http://[fd00::1]/hooks',
        'http://100.64.0.1/hooks',
        'http://0.0.0.0/hooks',
        'http://224.0.0.1/hooks',
      ]) {
        const response = await world.owner.api(base, { body: { url, events: ['task.created'] } });
        expect(response.status, url).toBe(400);
        const answer = (await response.json()) as { statusCode: number; code: string; message: string };
        expect(answer.code).toBe('bad_request');
        expect(answer.message).toMatch(/private or local address/);
      }
      expect(await (await world.owner.api(base)).json()).toEqual([]);
    });

    it('refuses at send time a name that resolves to 127.0.0.1, and connects nowhere', async () => {
      // A webhook saved when its name pointed elsewhere (or under the setting): stored directly.
      const { webhook_id: webhookId } = await server.deps.db
        .insertInto('webhook')
        .values({
          organization_id: world.organizationId,
          url: receiver.url(),
          events: ['task.created'],
          secret_encrypted: encryptWebhookSecret(newWebhookSecret(), server.env.SECRET),
          created_by: world.owner.userId,
        })
        .returning('webhook_id')
        .executeTakeFirstOrThrow();
      const projectId = await createProject(world.owner, world.organizationId, 'Rebind', 'RBD');
      const created = await world.owner.api(`/api/projects/${projectId}/tasks`, {
        body: { title: 'Sneaky' },
      });
      expect(created.status).toBe(201);

      const [line] = await eventually(async () => {
        const lines = await deliveryLog(world.owner, world.organizationId, webhookId);
        return lines.length > 0 ? lines : null;
      }, 'the refused attempt');
      expect(line).toMatchObject({ event: 'task.created', outcome: 'failed', status_code: null, attempt: 1 });
      expect(line!.error).toMatch(/private or local address \((127\.0\.0\.1|::1)\)/);
      expect(receiver.received).toEqual([]);
    }, 30_000);
  });

  describe('host names resolved by the server, without WEBHOOKS_ALLOW_PRIVATE', () => {
    // The server's resolver is given a few names of our own (as a hosts file would); every other name,
    // localhost among them, goes to the system's resolver as in production.
    const names = new Map<string, string>([
      ['intranet.figgle.test', '10.0.0.1'],
      ['loopback.figgle.test', '127.0.0.1'],
      ['moving.figgle.test', '93.184.215.14'],
    ]);
    const asked: string[] = [];
    const hostLookup: HostLookup = async (hostname) => {
      asked.push(hostname);
      const address = names.get(hostname);
      if (address) return [{ address, family: 4 }];
      return systemLookup(hostname, { all: true, verbatim: true });
    };
    let mail: MailCatcher;
    let server: TestServer;
    let world: OrganizationWorld;

    beforeAll(async () => {
      mail = await startMailCatcher();
      server = await startTestServer({ SMTP_URL: mail.url }, { hostLookup });
      world = await createOrganizationWorld(server, mail, 'Resolved Names');
    }, 60_000);

    afterAll(async () => {
      await server?.close();
      await mail?.stop();
    });

    it('refuses a name that resolves to 10.0.0.1 or 127.0.0.1, and the literals themselves', async () => {
      const base = `/api/organizations/${world.organizationId}/webhooks`;
      for (const [url, address] of [
        ['https://intranet.figgle.test/hooks', '10.0.0.1'],
        ['http://loopback.figgle.test:8080/hooks', '127.0.0.1'],
        ['http://10.0.0.1/hooks', '10.0.0.1'],
        ['http://127.0.0.1/hooks', '127.0.0.1'],
      ] as const) {
        const response = await world.owner.api(base, { body: { url, events: ['task.created'] } });
        expect(response.status, url).toBe(400);
        const answer = (await response.json()) as { statusCode: number; code: string; message: string };
        expect(answer).toMatchObject({ statusCode: 400, code: 'bad_request' });
        expect(answer.message).toContain(`private or local address (${address})`);
      }
      // localhost goes through the system's resolver (the hosts file): refused as loopback too.
      const local = await world.owner.api(base, {
        body: { url: 'http://localhost:9/hooks', events: ['task.created'] },
      });
      expect(local.status).toBe(400);
      expect(((await local.json()) as { message: string }).message).toMatch(
        /private or local address \((127\.0\.0\.1|::1)\)/,
      );
      expect(asked).toEqual(
        expect.arrayContaining(['intranet.figgle.test', 'loopback.figgle.test', 'localhost']),
      );
      expect(await (await world.owner.api(base)).json()).toEqual([]);
    });

    it('refuses at send time a name that now resolves to 10.0.0.1', async () => {
      const base = `/api/organizations/${world.organizationId}/webhooks`;
      const created = await world.owner.api(base, {
        body: { url: 'https://moving.figgle.test/hooks', events: ['task.created'] },
      });
      expect(created.status, await created.clone().text()).toBe(201);
      const { webhook_id: webhookId } = (await created.json()) as { webhook_id: string };
      // DNS rebinding: the name pointed to a public address when saved, to the private network now.
      names.set('moving.figgle.test', '10.0.0.1');
      const projectId = await createProject(world.owner, world.organizationId, 'Moved', 'MVD');
      const task = await world.owner.api(`/api/projects/${projectId}/tasks`, { body: { title: 'Inside' } });
      expect(task.status).toBe(201);

      const [line] = await eventually(async () => {
        const lines = await deliveryLog(world.owner, world.organizationId, webhookId);
        return lines.length > 0 ? lines : null;
      }, 'the refused attempt');
      expect(line).toMatchObject({ event: 'task.created', outcome: 'failed', status_code: null, attempt: 1 });
      expect(line!.error).toContain('private or local address (10.0.0.1)');
    }, 30_000);
  });
});
