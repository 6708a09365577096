import { signUpWithOrganization } from '@figgle/test-support/api-users';
import { type FiggleServer, startFiggleServer } from '@figgle/test-support/figgle-server';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { APIRequestContext, Page } from '@playwright/test';
import { test as base, expect } from '../support/fixtures.ts';
import { joinByInvitation } from '../support/join-by-invitation.ts';
import { live, twoMembersOfOneOrganization } from '../support/two-members.ts';

/**
 * The journeys of notification emails that depend on time: the two-minute batch, a member removed
 * while changes go on, the 08:00 digest. The server runs with TEST_CLOCK_CONTROL, so the test moves
 * its clock forward (POST /api/test/clock) instead of waiting minutes or hours.
 */
const test = base.extend<{ baseURL: string }, { clockedFiggle: FiggleServer }>({
  clockedFiggle: [
    async ({ mail }, use) => {
      const server = await startFiggleServer({ SMTP_URL: mail.url, TEST_CLOCK_CONTROL: 'true' });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ clockedFiggle }, use) => use(clockedFiggle.url),
});

const TWO_MINUTES = 2 * 60_000;
/** Emails and jobs on a loaded machine: generous, and only ever waited for, never slept. */
const MAIL_WAIT = 30_000;

interface ServerClock {
  now: string;
  ahead_ms: number;
}

async function moveClock(
  request: APIRequestContext,
  baseURL: string,
  move: { advance_ms: number } | { reset: true },
): Promise<ServerClock> {
  const response = await request.post('/api/test/clock', { headers: { origin: baseURL }, data: move });
  expect(response.status()).toBe(200);
  return (await response.json()) as ServerClock;
}

const notificationEmailsTo = (mail: MailCatcher, address: string, subject: RegExp = /./) =>
  mail.to(address, subject).filter((m) => m.headers['list-unsubscribe'] !== undefined);

/** Settings → Notifications, "Everything I watch", saved (each control saves at once). */
async function emailMeEverythingIWatch(page: Page) {
  await page.goto('/settings/notifications');
  await page.getByRole('radio', { name: 'Everything I watch' }).check();
  await expect
    .poll(
      async () => (await (await page.request.get('/api/me/notification-preferences')).json()).email_level,
      {
        timeout: 30_000,
      },
    )
    .toBe('watching');
}

async function chooseInTaskPanel(page: Page, field: 'Status' | 'Priority', option: string) {
  const details = page.getByRole('complementary', { name: 'Task details' });
  await details.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(details.getByRole('combobox', { name: field })).toHaveValue(option);
}

async function assignInTaskPanel(page: Page, person: string) {
  await page.getByRole('combobox', { name: 'Assignee' }).click();
  await page.getByRole('option', { name: person }).click();
  await expect(page.getByRole('combobox', { name: 'Assignee' })).toHaveValue(person);
}

/** A comment mentioning `person`, chosen in the composer's @ list. */
async function commentMentioning(page: Page, person: string, before: string, after: string) {
  const composer = page.getByRole('textbox', { name: 'Write a comment' });
  await composer.click();
  await page.keyboard.type(`${before} @${person.slice(0, 2)}`);
  await page
    .getByRole('listbox', { name: 'People to mention' })
    .getByRole('option', { name: person })
    .click();
  await expect(composer.locator('.ql-mention')).toHaveText(`@${person}`);
  await page.keyboard.type(after);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(composer).toHaveText('');
}

const timelineOf = (page: Page) => page.getByRole('list', { name: 'Comments and changes' });

test.describe('notification emails over time', () => {
  // Two or three accounts, several screens and the worker's rounds: slow on a busy machine.
  test.setTimeout(240_000);
  // Batch windows are timed by the database's real clock: a clock left ahead would close them at once.
  test.beforeEach(({ request, baseURL }) => moveClock(request, baseURL, { reset: true }));

  test('five quick changes to a watched task make one email', async ({
    page: pageA,
    browser,
    mail,
    baseURL,
    request,
  }) => {
    const { pageB, ada, taskId } = await twoMembersOfOneOrganization(
      { pageA, browser, mail, baseURL },
      { benLastname: 'Busy', task: 'Hero banner' },
    );
    // Ada wrote the task, so she watches it; she asks for emails about everything she watches.
    await emailMeEverythingIWatch(pageA);

    // Ben changes it five times in a row from the task page.
    await pageB.goto(`/task/${taskId}`);
    await live(pageB);
    const timeline = timelineOf(pageB);
    await chooseInTaskPanel(pageB, 'Status', 'Doing');
    await chooseInTaskPanel(pageB, 'Priority', 'High');
    const title = pageB.getByRole('textbox', { name: 'Title' });
    await title.click();
    await pageB.keyboard.press('End');
    await pageB.keyboard.type(' v2');
    await pageB.keyboard.press('Tab');
    await expect(timeline.getByText('changed title "Hero banner" → "Hero banner v2"')).toBeVisible({
      timeout: 30_000,
    });
    await chooseInTaskPanel(pageB, 'Status', 'Done');
    await chooseInTaskPanel(pageB, 'Priority', 'Urgent');
    await expect(timeline.getByText('changed the priority from High to Urgent')).toBeVisible({
      timeout: 30_000,
    });

    // Then he assigns it to her: that email leaves at once. When it has arrived, the worker has
    // looked for due work after the five changes, and their batch was not due yet.
    await assignInTaskPanel(pageB, 'Ada Author');
    await mail.waitFor(ada.email, /^Ben Busy assigned you WEB-1: Hero banner/, MAIL_WAIT);
    expect(notificationEmailsTo(mail, ada.email, /^Updates on/)).toHaveLength(0);

    // The two-minute window ends: one email with the five changes.
    await moveClock(request, baseURL, { advance_ms: TWO_MINUTES + 1_000 });
    const email = await mail.waitFor(ada.email, /^Updates on WEB-1: Hero banner v2$/, MAIL_WAIT);
    expect(email.text).toContain('5 updates on tasks you watch in Figgle.');
    expect(email.text.match(/Ben Busy changed/g)).toHaveLength(5);
    for (const line of [
      'Ben Busy changed Status: To Do → Doing',
      'Ben Busy changed Priority: None → High',
      'Ben Busy changed Title: Hero banner → Hero banner v2',
      'Ben Busy changed Status: Doing → Done',
      'Ben Busy changed Priority: High → Urgent',
    ]) {
      expect(email.text).toContain(line);
      expect(email.html).toContain(line.split(':')[0]);
    }
    expect(email.text).toContain(`${baseURL}/task/${taskId}`);
    // Every change is in that one email, and each change is in exactly one window: no other batch.
    expect(notificationEmailsTo(mail, ada.email, /^Updates on/)).toHaveLength(1);
    expect(notificationEmailsTo(mail, ada.email)).toHaveLength(2);
  });

  test('a removed member is emailed about nothing more', async ({
    page: pageA,
    browser,
    mail,
    baseURL,
    request,
  }) => {
    const { pageB, ada, ben, taskId } = await twoMembersOfOneOrganization(
      { pageA, browser, mail, baseURL },
      { benLastname: 'Leaving', task: 'Price page' },
    );
    // Cy stays in the organization and watches the same task: the email Cy gets shows what Ben would have.
    const contextC = await browser.newContext({ baseURL });
    const pageC = await contextC.newPage();
    const cy = await signUpWithOrganization(pageC, mail, baseURL, {
      firstname: 'Cy',
      lastname: 'Staying',
      organization: 'Cy at home',
    });
    await joinByInvitation(
      { inviter: pageA.request, invitee: pageC.request, mail, baseURL },
      ada.organizationId,
      { firstname: 'Cy', lastname: 'Staying', email: cy.email },
    );
    for (const page of [pageB, pageC]) {
      await emailMeEverythingIWatch(page);
      await page.goto(`/task/${taskId}`);
      const panel = page.getByRole('complementary', { name: 'Task details' });
      await panel.getByRole('button', { name: 'Watch' }).click();
      await expect(panel.getByRole('button', { name: 'Watching' })).toHaveAttribute('aria-pressed', 'true');
    }

    // Ada removes Ben in the organization's settings.
    await pageA.goto(`/settings/organization/${ada.organizationId}`);
    const row = pageA
      .getByRole('table', { name: 'Members' })
      .getByRole('row', { name: new RegExp(ben.email) });
    await row.getByRole('button', { name: 'Remove Ben Leaving' }).click();
    const confirm = pageA.getByRole('dialog', { name: 'Revoke Access?' });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect(pageA.getByText('Member has been revoked.')).toBeVisible();

    // Ada changes the task and comments on it; Ben is no longer among the people to mention.
    await pageA.goto(`/task/${taskId}`);
    await live(pageA);
    await chooseInTaskPanel(pageA, 'Status', 'Doing');
    const composer = pageA.getByRole('textbox', { name: 'Write a comment' });
    await composer.click();
    await pageA.keyboard.type('@');
    const people = pageA.getByRole('listbox', { name: 'People to mention' });
    await expect(people.getByRole('option', { name: 'Cy Staying' })).toBeVisible();
    await expect(people.getByRole('option', { name: 'Ben Leaving' })).toHaveCount(0);
    await pageA.keyboard.press('Backspace');
    await pageA.keyboard.type('New prices are in, please check.');
    await pageA.getByRole('button', { name: 'Send' }).click();
    await expect(timelineOf(pageA).getByText('New prices are in, please check.')).toBeVisible();

    // The window closes: Cy is told of the change and the comment; Ben, whose batch would have been
    // opened by the same statements and due in the same round, is told nothing.
    await moveClock(request, baseURL, { advance_ms: TWO_MINUTES + 1_000 });
    const toCy = await mail.waitFor(cy.email, /^Updates on WEB-1: Price page$/, MAIL_WAIT);
    expect(toCy.text).toContain('Ada Author changed Status: To Do → Doing');
    expect(toCy.text).toContain('Ada Author commented: “New prices are in, please check.”');
    expect(notificationEmailsTo(mail, ben.email)).toHaveLength(0);
    await contextC.close();
  });
});

/** Zones without summer time, one per whole hour from UTC-11 to UTC+12. */
const FIXED_ZONES = [
  'Pacific/Pago_Pago',
  'Pacific/Honolulu',
  'Pacific/Gambier',
  'Pacific/Pitcairn',
  'America/Phoenix',
  'America/Guatemala',
  'America/Bogota',
  'America/La_Paz',
  'America/Sao_Paulo',
  'America/Noronha',
  'Atlantic/Cape_Verde',
  'Africa/Abidjan',
  'Africa/Lagos',
  'Africa/Johannesburg',
  'Europe/Istanbul',
  'Asia/Dubai',
  'Asia/Karachi',
  'Asia/Dhaka',
  'Asia/Bangkok',
  'Asia/Singapore',
  'Asia/Tokyo',
  'Australia/Brisbane',
  'Pacific/Guadalcanal',
  'Pacific/Tarawa',
];

/** Milliseconds since midnight of the wall clock in `timeZone` at `at`. */
function wallClockMs(timeZone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return ((part('hour') * 60 + part('minute')) * 60 + part('second')) * 1000 + at.getUTCMilliseconds();
}

const AT_EIGHT = 8 * 60 * 60_000;

/**
 * A zone where it is now between 06:20 and 07:20: its next 08:00 is under two hours away, so the
 * clock need not run a day ahead (the digest sums up the day before its hour, in server time).
 */
function zoneBeforeEight(at: Date): string {
  const zone = FIXED_ZONES.find((candidate) => {
    const untilEight = AT_EIGHT - wallClockMs(candidate, at);
    return untilEight >= 40 * 60_000 && untilEight <= 100 * 60_000;
  });
  if (!zone) throw new Error(`no zone is between 06:20 and 07:20 at ${at.toISOString()}`);
  return zone;
}

test.describe('the daily digest', () => {
  test.setTimeout(240_000);

  test('arrives at 08:00 in the person’s time zone, with the unread notifications', async ({
    browser,
    mail,
    baseURL,
    request,
  }) => {
    const started = await moveClock(request, baseURL, { reset: true });
    const timeZone = zoneBeforeEight(new Date(started.now));
    // Ada's browser is in that zone: the settings page detects it.
    const contextA = await browser.newContext({ baseURL, timezoneId: timeZone });
    const pageA = await contextA.newPage();
    const { pageB, ada, taskId } = await twoMembersOfOneOrganization(
      { pageA, browser, mail, baseURL },
      { benLastname: 'Early', task: 'Morning report' },
    );
    // Ben assigns Ada the task: one unread notification, and its email at once.
    await pageB.goto(`/task/${taskId}`);
    await assignInTaskPanel(pageB, 'Ada Author');
    await mail.waitFor(ada.email, /^Ben Early assigned you WEB-1: Morning report$/, MAIL_WAIT);

    // Ada turns the daily digest on.
    await pageA.goto('/settings/notifications');
    await expect(pageA.getByRole('combobox', { name: 'Time zone' })).toHaveValue(timeZone, {
      timeout: 30_000,
    });
    await pageA.getByRole('switch', { name: 'Daily digest' }).check();
    await expect
      .poll(async () => await (await pageA.request.get('/api/me/notification-preferences')).json(), {
        timeout: 30_000,
      })
      .toMatchObject({ daily_digest: true, time_zone: timeZone });

    // 07:50 there. Ben mentions Ada: that email leaves at once, so once it has arrived the worker
    // has looked for due work at 07:50, and the digest was not among it.
    const before = await moveClock(request, baseURL, { advance_ms: 0 });
    const untilEight = AT_EIGHT - wallClockMs(timeZone, new Date(before.now));
    await moveClock(request, baseURL, { advance_ms: untilEight - 10 * 60_000 });
    await commentMentioning(pageB, 'Ada Author', 'Numbers are up,', ' see the chart.');
    await mail.waitFor(ada.email, /^Ben Early mentioned you in WEB-1: Morning report$/, MAIL_WAIT);
    expect(mail.to(ada.email, /digest/)).toHaveLength(0);

    // 08:00 there: the digest arrives with both unread notifications and the task's link.
    const atEight = await moveClock(request, baseURL, { advance_ms: 10 * 60_000 + 5_000 });
    const localTime = new Intl.DateTimeFormat('en-GB', { timeZone, timeStyle: 'short' });
    expect(localTime.format(new Date(atEight.now))).toBe('08:00');
    const digest = await mail.waitFor(ada.email, /^Your Figgle digest: 2 unread notifications$/, MAIL_WAIT);
    expect(digest.text).toContain('Good morning Ada: 2 unread notifications from the last day.');
    expect(digest.text).toContain('WEB-1');
    expect(digest.text).toContain('Morning report');
    expect(digest.text).toContain('Ben Early assigned the task to you');
    expect(digest.text).toMatch(
      /Ben Early mentioned you in a comment: “Numbers are up, @Ada Author\s*see the chart\.”/,
    );
    expect(digest.text).toContain(`${baseURL}/task/${taskId}`);
    expect(digest.headers['list-unsubscribe']).toMatch(/\/api\/notifications\/unsubscribe\?token=/);
    expect(mail.to(ada.email, /digest/)).toHaveLength(1);
    await contextA.close();
  });
});
