// @database pglite

import type { TestUser } from '@figgle/test-support/users';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nextDigestTime } from '../../src/features/notification-emails/digest-time.ts';
import { unsubscribeToken } from '../../src/features/notification-emails/unsubscribe-link.ts';
import { eventually } from '../figma/figma-world.ts';
import {
  createTask,
  type EmailWorld,
  jobsOf,
  notificationEmailsTo,
  patchTask,
  setPreferences,
  startEmailWorld,
  stopEmailWorld,
} from './notification-emails-world.ts';
import { queueSettled } from './queue-settled.ts';

/** Settings → Notifications over the API, the unsubscribe link, and the daily digest on a driven clock. */
let world: EmailWorld;
const PREFERENCES = '/api/me/notification-preferences';
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  world = await startEmailWorld();
}, 60_000);
afterAll(async () => stopEmailWorld(world));
beforeEach(() => world.clock.reset());

const preferencesOf = async (user: TestUser) =>
  (await (await user.api(PREFERENCES)).json()) as {
    email_level: string;
    daily_digest: boolean;
    time_zone: string | null;
    design_changes: boolean;
  };

describe('GET and PUT /api/me/notification-preferences', () => {
  it('starts at mentions and assignments, no digest, no time zone, and saves a whole choice', async () => {
    const { outsider } = world;
    expect(await preferencesOf(outsider)).toEqual({
      email_level: 'mentions',
      daily_digest: false,
      time_zone: null,
      design_changes: true,
    });
    const saved = await outsider.api(PREFERENCES, {
      method: 'PUT',
      body: { email_level: 'watching', daily_digest: true, time_zone: 'America/Sao_Paulo' },
    });
    expect(saved.status).toBe(200);
    const expected = {
      email_level: 'watching',
      daily_digest: true,
      time_zone: 'America/Sao_Paulo',
      design_changes: true,
    };
    expect(await saved.json()).toEqual(expected);
    expect(await preferencesOf(outsider)).toEqual(expected);
    // The digest to come is a job at the next 08:00 of that zone.
    const digests = (await jobsOf(world, 'notification_digest')).filter(
      (job) => job.payload.user_id === outsider.userId && job.state === 'pending',
    );
    expect(digests).toHaveLength(1);
    expect(digests[0]!.run_at).toEqual(nextDigestTime('America/Sao_Paulo', new Date()).at);

    await setPreferences(outsider, { email_level: 'mentions', daily_digest: false });
    const left = (await jobsOf(world, 'notification_digest')).filter(
      (job) => job.payload.user_id === outsider.userId && job.state === 'pending',
    );
    expect(left).toHaveLength(0);
  });

  it.each([
    ['an unknown level', { email_level: 'all', daily_digest: false, time_zone: 'UTC' }, /mentions/],
    [
      'a digest that is not a boolean',
      { email_level: 'nothing', daily_digest: 'yes', time_zone: 'UTC' },
      /true/,
    ],
    [
      'an unknown time zone',
      { email_level: 'nothing', daily_digest: false, time_zone: 'Mars/Olympus' },
      /time zone/,
    ],
    ['an empty time zone', { email_level: 'nothing', daily_digest: false, time_zone: '' }, /time zone/],
    ['a missing field', { email_level: 'nothing', daily_digest: false }, /time zone/],
    ['an unknown field', { email_level: 'nothing', daily_digest: false, time_zone: 'UTC', sms: true }, /sms/],
    ['no object at all', ['nothing'], /./],
    [
      'design changes that are not a boolean',
      { email_level: 'nothing', daily_digest: false, time_zone: 'UTC', design_changes: 'off' },
      /Design changes are on/,
    ],
  ])('refuses %s with a 400 and changes nothing', async (_what, body, message) => {
    const { member } = world;
    await setPreferences(member, { email_level: 'watching', time_zone: 'Europe/Paris' });
    const answer = await member.api(PREFERENCES, { method: 'PUT', body });
    expect(answer.status).toBe(400);
    const error = (await answer.json()) as { statusCode: number; code: string; message: string };
    expect(error.statusCode).toBe(400);
    expect(error.code).toEqual(expect.any(String));
    expect(JSON.stringify(error)).toMatch(message);
    expect(await preferencesOf(member)).toEqual({
      email_level: 'watching',
      daily_digest: false,
      time_zone: 'Europe/Paris',
      design_changes: true,
    });
  });

  it('answers 401 without a session', async () => {
    const answer = await fetch(`${world.server.url}${PREFERENCES}`);
    expect(answer.status).toBe(401);
  });
});

describe('the unsubscribe link', () => {
  const linkOf = (email: { headers: Record<string, string> }) =>
    email.headers['list-unsubscribe']!.replace(/^</, '').replace(/>$/, '');

  it('shows a page on GET, turns emails off on a cross-site one-click POST, and may be used again', async () => {
    const { owner, member, mail } = world;
    await setPreferences(member, { email_level: 'watching', daily_digest: true, time_zone: 'Europe/Paris' });
    const taskId = await createTask(owner, world.projectId, 'Unsubscribe from me');
    await patchTask(owner, taskId, { assignee_id: member.userId });
    const email = await mail.waitFor(member.email, /assigned you .*Unsubscribe from me/, 10_000);
    const link = linkOf(email);
    expect(email.text).toContain(link);

    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('<button type="submit">Unsubscribe</button>');
    // Opening the link changed nothing: scanners open links.
    expect((await preferencesOf(member)).email_level).toBe('watching');

    // RFC 8058: the provider posts from its own site, with no cookie.
    const oneClick = await fetch(link, {
      method: 'POST',
      headers: { origin: 'https://mail.example.com', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.json()).toEqual({ unsubscribed: true, already: false });
    expect(await preferencesOf(member)).toEqual({
      email_level: 'nothing',
      daily_digest: false,
      time_zone: 'Europe/Paris',
      design_changes: true,
    });

    const again = await fetch(link, {
      method: 'POST',
      headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain('You are unsubscribed');

    // No more emails: the next assignment is stored but not sent.
    const before = notificationEmailsTo(mail, member).length;
    const next = await createTask(owner, world.projectId, 'After unsubscribing');
    await patchTask(owner, next, { assignee_id: member.userId });
    await queueSettled(world.server, 2_000);
    expect(notificationEmailsTo(mail, member)).toHaveLength(before);
  });

  it('refuses a forged or an expired link with a 4xx and changes nothing', async () => {
    const { member, owner, server } = world;
    const { env } = server;
    await setPreferences(owner, { email_level: 'watching' });
    const base = `${server.url}/api/notifications/unsubscribe?token=`;
    const genuine = unsubscribeToken(env.SECRET, member.userId, new Date());
    const [, expires, signature] = genuine.split('.');
    const forgeries = [
      `${owner.userId}.${expires}.${signature}`, // someone else's id under another's signature
      `${member.userId}.${Number(expires) + 1}.${signature}`, // a later expiry
      unsubscribeToken('another-secret-that-is-long-enough-0123456789', owner.userId, new Date()),
      'garbage',
      '',
    ];
    for (const token of forgeries) {
      const post = await fetch(`${base}${encodeURIComponent(token)}`, { method: 'POST' });
      expect(post.status, token).toBe(400);
      expect(await post.json()).toMatchObject({ statusCode: 400, code: 'unsubscribe_link_invalid' });
      const page = await fetch(`${base}${encodeURIComponent(token)}`);
      expect(page.status).toBe(400);
      expect(await page.text()).toContain('This link does not work');
    }
    const expired = unsubscribeToken(env.SECRET, owner.userId, new Date(Date.now() - 61 * DAY_MS));
    const post = await fetch(`${base}${encodeURIComponent(expired)}`, {
      method: 'POST',
      headers: { accept: 'text/html' },
    });
    expect(post.status).toBe(410);
    expect(await post.text()).toContain('This link has expired');
    const json = await fetch(`${base}${encodeURIComponent(expired)}`, { method: 'POST' });
    expect(await json.json()).toMatchObject({ statusCode: 410, code: 'unsubscribe_link_expired' });
    expect((await preferencesOf(owner)).email_level).toBe('watching');
  });
});

describe('the daily digest', () => {
  it('arrives at 08:00 in the person’s time zone with their unread notifications of the day', async () => {
    const { owner, outsider, member, mail, clock } = world;
    // A zone whose next 08:00 is between one and 23 hours away: the driven clock gets there.
    const zones = ['Asia/Tokyo', 'Europe/Paris', 'America/New_York', 'Pacific/Honolulu'];
    const now = Date.now();
    const timeZone = zones.find((zone) => {
      const ahead = nextDigestTime(zone, new Date(now)).at.getTime() - now;
      return ahead > 60 * 60_000 && ahead < 23 * 60 * 60_000;
    })!;
    await setPreferences(member, { email_level: 'mentions', daily_digest: true, time_zone: timeZone });
    const taskId = await createTask(owner, world.projectId, 'Digest me');
    await patchTask(owner, taskId, { assignee_id: member.userId });
    await mail.waitFor(member.email, /assigned you .*Digest me/, 10_000);
    // Read already: not in the digest.
    const readTask = await createTask(owner, world.projectId, 'Already read');
    await patchTask(owner, readTask, { assignee_id: member.userId });
    await world.server.deps.db
      .updateTable('notification')
      .set({ read_at: new Date() })
      .where('task_id', '=', readTask)
      .execute();
    const { at } = nextDigestTime(timeZone, new Date());

    clock.set(new Date(at.getTime() - 60_000));
    await queueSettled(world.server, 2_000);
    expect(mail.to(member.email, /digest/)).toHaveLength(0);

    clock.set(new Date(at.getTime() + 1_000));
    const digest = await mail.waitFor(member.email, /^Your Figgle digest: /, 10_000);
    expect(digest.text).toContain('Olive Owner assigned the task to you');
    expect(digest.text).toContain('Digest me');
    expect(digest.text).not.toContain('Already read');
    expect(digest.text).toContain(`${world.server.url}/task/${taskId}`);
    expect(digest.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // The next day's is waiting, and nobody without the switch got one.
    await eventually(async () => {
      const jobs = (await jobsOf(world, 'notification_digest')).filter(
        (job) => job.payload.user_id === member.userId,
      );
      return jobs.some((job) => job.state === 'done') && jobs.some((job) => job.state === 'pending');
    }, 'the next digest scheduled');
    await queueSettled(world.server, 1_000);
    expect(mail.to(member.email, /digest/)).toHaveLength(1);
    expect(mail.to(outsider.email, /digest/)).toHaveLength(0);
    expect(mail.to(owner.email, /digest/)).toHaveLength(0);
  });
});
