// @database pglite
import type { CreatedCalendarFeed } from '@figgle/shared/calendar-feed-schemas';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { serverWithMail } from '@figgle/test-support/users';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashFeedToken } from '../../src/features/calendar-feeds/feed-secret.ts';
import { dueTasksOfFeed, feedOfToken } from '../../src/features/calendar-feeds/queries.ts';
import { createOrganizationWorld, type OrganizationWorld } from '../organizations/organizations-world.ts';
import { createProject, createTask } from '../realtime/realtime-world.ts';

/** Calendar feeds (docs/product.md#calendar-feeds): secret, read-only iCalendar addresses of due tasks. */

let server: TestServer;
let mail: MailCatcher;
let world: OrganizationWorld;
let projectId: string;

const TRICKY_TITLE = 'Ship v2; then, maybe \\ celebrate with "🎉" — ünïcödé ✓ '.repeat(3).trim();

serverWithMail((started) => ({ server, mail } = started));
beforeAll(async () => {
  world = await createOrganizationWorld(server, mail);
  projectId = await createProject(world.owner, world.organizationId, 'Calendar');
});

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function dueTask(
  title: string,
  due: { due_on?: string; due_at?: Date },
  assigneeId: string | null,
): Promise<string> {
  const taskId = await createTask(world.owner, projectId, title);
  await server.deps.db
    .updateTable('task')
    .set({ due_on: due.due_on ?? null, due_at: due.due_at ?? null, assignee_id: assigneeId })
    .where('task_id', '=', taskId)
    .execute();
  return taskId;
}

async function newFeed(
  user = world.member,
  body: Record<string, unknown> = {},
): Promise<CreatedCalendarFeed> {
  const response = await user.api('/api/me/calendar-feeds', { body });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as CreatedCalendarFeed;
}

/** The feed's path on the test server (its URL names the server's PUBLIC_URL). */
const feedPath = (feed: CreatedCalendarFeed) => new URL(feed.url).pathname;

async function fetchFeed(path: string): Promise<Response> {
  return fetch(`${server.url}${path}`);
}

function eventsOf(text: string): ICAL.Event[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
}

describe('the personal feed', () => {
  it('serves the tasks assigned to its owner that have a due date, parsed by ical.js', async () => {
    const allDay = await dueTask('Write the release notes', { due_on: day(3) }, world.member.userId);
    const at = new Date(Math.floor((Date.now() + 5 * 86_400_000) / 60_000) * 60_000);
    const timed = await dueTask('Demo to the client', { due_at: at }, world.member.userId);
    await dueTask('Someone else’s task', { due_on: day(3) }, world.owner.userId);
    await dueTask('Mine without a date', {}, world.member.userId);

    const feed = await newFeed();
    expect(feed.url).toMatch(/^http.*\/api\/calendar-feeds\/figgle_cal_[A-Za-z0-9_-]{43}\/tasks\.ics$/);
    expect(feed.url.startsWith(server.env.PUBLIC_URL)).toBe(true);
    const response = await fetchFeed(feedPath(feed));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('cache-control')).toMatch(/^private\b/);
    expect(response.headers.get('set-cookie')).toBeNull();

    const events = eventsOf(await response.text());
    expect(events.map((event) => event.summary.replace(/^\S+ /, ''))).toEqual([
      'Write the release notes',
      'Demo to the client',
    ]);
    const [first, second] = events as [ICAL.Event, ICAL.Event];
    expect(first.startDate.isDate).toBe(true);
    expect(first.startDate.toString()).toBe(day(3));
    expect(first.uid).toContain(allDay);
    expect(first.component.getFirstPropertyValue('url')).toBe(`${server.env.PUBLIC_URL}/task/${allDay}`);
    expect(second.startDate.isDate).toBe(false);
    expect(second.startDate.zone.tzid).toBe('UTC');
    expect(second.startDate.toJSDate().getTime()).toBe(at.getTime());
    expect(second.component.getFirstPropertyValue('url')).toBe(`${server.env.PUBLIC_URL}/task/${timed}`);
    for (const event of events) expect(event.component.getFirstPropertyValue('dtstamp')).toBeTruthy();
  });

  it('follows RFC 5545: CRLF lines, folded at 75 octets on whole characters, TEXT escaped', async () => {
    const taskId = await dueTask(TRICKY_TITLE, { due_on: day(1) }, world.owner.userId);
    const text = await (await fetchFeed(feedPath(await newFeed(world.owner)))).text();

    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    const lines = text.split('\r\n').slice(0, -1);
    for (const line of lines) {
      expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
      expect(line).not.toContain('\uFFFD');
    }
    // Folding never cut a character: every physical line is valid UTF-8 on its own.
    for (const line of lines)
      expect(Buffer.from(Buffer.from(line, 'utf8').toString('utf8')).equals(Buffer.from(line))).toBe(true);
    const unfolded = text.replace(/\r\n /g, '');
    const summary = unfolded
      .split('\r\n')
      .find((line) => line.startsWith('SUMMARY:') && line.includes('Ship v2'));
    expect(summary).toContain('Ship v2\\; then\\, maybe \\\\ celebrate with');
    // The description's two lines (project, then the link) are joined by an escaped newline.
    expect(unfolded).toContain(`DESCRIPTION:Calendar\\n${server.env.PUBLIC_URL}/task/${taskId}\r\n`);
    expect(unfolded).toMatch(/DTSTART;VALUE=DATE:\d{8}\r\n/);

    const event = eventsOf(text).find((found) => found.uid.includes(taskId));
    expect(event?.summary.endsWith(TRICKY_TITLE)).toBe(true);
    const vevents = unfolded.split('BEGIN:VEVENT').slice(1);
    expect(vevents.length).toBeGreaterThan(0);
    for (const vevent of vevents) {
      expect(vevent).toMatch(/\r\nUID:[^\r\n]+\r\n/);
      expect(vevent).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
      expect(vevent).toMatch(/\r\nDTSTART(;VALUE=DATE:\d{8}|:\d{8}T\d{6}Z)\r\n/);
    }
  });

  it('leaves out tasks due outside the window, and keeps those due nearest today past the cap', async () => {
    await dueTask('Long ago', { due_on: day(-5 * 365) }, world.member.userId);
    await dueTask('Far ahead', { due_at: new Date(Date.now() + 5 * 365 * 86_400_000) }, world.member.userId);
    await dueTask('Last month', { due_on: day(-30) }, world.member.userId);
    const feed = await newFeed();
    const titles = eventsOf(await (await fetchFeed(feedPath(feed))).text()).map((event) => event.summary);
    expect(titles.some((title) => title.endsWith('Last month'))).toBe(true);
    expect(titles.some((title) => title.endsWith('Long ago') || title.endsWith('Far ahead'))).toBe(false);

    const token = feedPath(feed).split('/')[3] as string;
    const served = await feedOfToken(server.deps.db, hashFeedToken(token));
    expect(served).not.toBeNull();
    const now = new Date();
    const capped = await dueTasksOfFeed(server.deps.db, served!, now, {
      from: new Date(now.getTime() - 366 * 86_400_000),
      to: new Date(now.getTime() + 731 * 86_400_000),
      limit: 2,
    });
    expect(capped.map((task) => task.title)).toEqual(['Write the release notes', 'Demo to the client']);
  });
});

describe('revoking and replacing', () => {
  it('answers a revoked address exactly as one that never existed', async () => {
    const feed = await newFeed();
    expect((await fetchFeed(feedPath(feed))).status).toBe(200);
    const listed = (await (await world.member.api('/api/me/calendar-feeds')).json()) as Array<{
      calendar_feed_id: string;
    }>;
    expect(listed.map((row) => row.calendar_feed_id)).toContain(feed.calendar_feed_id);
    expect(JSON.stringify(listed)).not.toContain('figgle_cal_');

    // Someone else cannot revoke it.
    const foreign = await world.owner.api(`/api/me/calendar-feeds/${feed.calendar_feed_id}`, {
      method: 'DELETE',
    });
    expect(foreign.status).toBe(404);
    const revoked = await world.member.api(`/api/me/calendar-feeds/${feed.calendar_feed_id}`, {
      method: 'DELETE',
    });
    expect(revoked.status).toBe(204);

    const afterRevoke = await fetchFeed(feedPath(feed));
    const neverExisted = await fetchFeed(`/api/calendar-feeds/figgle_cal_${'A'.repeat(43)}/tasks.ics`);
    const malformed = await fetchFeed('/api/calendar-feeds/nothing/tasks.ics');
    for (const answer of [afterRevoke, neverExisted, malformed]) {
      expect(answer.status).toBe(404);
      expect(answer.headers.get('set-cookie')).toBeNull();
    }
    const bodies = await Promise.all([afterRevoke.text(), neverExisted.text(), malformed.text()]);
    expect(bodies[0]).toBe(bodies[1]);
    expect(bodies[2]).toBe(bodies[1]);
  });

  it('a new personal feed replaces the previous one', async () => {
    const first = await newFeed();
    const second = await newFeed();
    expect((await fetchFeed(feedPath(first))).status).toBe(404);
    expect((await fetchFeed(feedPath(second))).status).toBe(200);
  });
});

describe('a project feed', () => {
  it('serves every due task of the project to a member, 404 for outsiders and once membership ends', async () => {
    const anyones = await dueTask('Project milestone', { due_on: day(10) }, null);
    const outsider = await world.outsider.api('/api/me/calendar-feeds', { body: { project_id: projectId } });
    expect(outsider.status).toBe(404);

    const feed = await newFeed(world.member, { project_id: projectId });
    const personal = await newFeed(world.member);
    expect(eventsOf(await (await fetchFeed(feedPath(personal))).text()).length).toBeGreaterThan(0);
    expect(feed.project_name).toBe('Calendar');
    const events = eventsOf(await (await fetchFeed(feedPath(feed))).text());
    expect(events.some((event) => event.uid.includes(anyones))).toBe(true);

    const rule = await server.deps.db
      .selectFrom('rule')
      .select('rule_id')
      .where('user_id', '=', world.member.userId)
      .where('organization_id', '=', world.organizationId)
      .executeTakeFirstOrThrow();
    const removed = await world.owner.api(
      `/api/organizations/${world.organizationId}/members/${rule.rule_id}`,
      {
        method: 'DELETE',
      },
    );
    expect(removed.status).toBe(204);
    const gone = await fetchFeed(feedPath(feed));
    expect(gone.status).toBe(404);
    const neverExisted = await fetchFeed(`/api/calendar-feeds/figgle_cal_${'B'.repeat(43)}/tasks.ics`);
    expect(await gone.text()).toBe(await neverExisted.text());
    // The personal feed still answers, without the tasks of the organization they left.
    const leftOut = await fetchFeed(feedPath(personal));
    expect(leftOut.status).toBe(200);
    expect(eventsOf(await leftOut.text())).toEqual([]);
  });
});

describe('milestones in the feeds', () => {
  it('shows a milestone on its target day: in its project feed, and in the personal feed of those with a task in it', async () => {
    const made = await world.owner.api(`/api/projects/${projectId}/milestones`, {
      body: { name: 'Beta; launch, day', target_date: day(20) },
    });
    expect(made.status).toBe(201);
    const { milestone_id: milestoneId } = (await made.json()) as { milestone_id: string };
    const far = await world.owner.api(`/api/projects/${projectId}/milestones`, {
      body: { name: 'Far away', target_date: day(900) },
    });
    expect(far.status).toBe(201);

    const projectFeed = await newFeed(world.owner, { project_id: projectId });
    const events = eventsOf(await (await fetchFeed(feedPath(projectFeed))).text());
    const milestone = events.find((event) => event.uid.startsWith(`milestone-${milestoneId}@`));
    expect(milestone?.summary).toBe('Milestone: Beta; launch, day');
    expect(milestone?.startDate.isDate).toBe(true);
    expect(milestone?.startDate.toString()).toBe(day(20));
    expect(milestone?.description).toContain(`/project/${projectId}/milestones`);
    // Past the feed's two years ahead: left out.
    expect(events.some((event) => event.summary === 'Milestone: Far away')).toBe(false);

    // The personal feed shows it once the person has a task in it.
    const personal = await newFeed(world.owner);
    const before = eventsOf(await (await fetchFeed(feedPath(personal))).text());
    expect(before.some((event) => event.uid.startsWith('milestone-'))).toBe(false);
    const taskId = await dueTask('Part of the beta', {}, world.owner.userId);
    const put = await world.owner.api(`/api/tasks/${taskId}/milestone`, {
      method: 'PUT',
      body: { milestone_id: milestoneId },
    });
    expect(put.status).toBe(204);
    const after = eventsOf(await (await fetchFeed(feedPath(personal))).text());
    expect(after.filter((event) => event.uid.startsWith('milestone-')).map((event) => event.summary)).toEqual(
      ['Milestone: Beta; launch, day'],
    );
  });
});
