import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { live } from '../support/two-members.ts';

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const inboxLink = (page: Page) => navigation(page).getByRole('link', { name: /^Inbox/ });
const forMe = (page: Page) => page.getByRole('list', { name: 'For me' }).getByRole('listitem');

test.describe('mentions and For me', () => {
  test('B mentions A with the @ popup; A sees it unread in For me with the count, opens it, marks all read', async ({
    page: pageA,
    baseURL,
    twoMembers,
  }) => {
    // Two people signed up through the real flows, and live updates: slow on a loaded machine.
    test.slow();
    const { pageB, taskId } = await twoMembers({ benLastname: 'Mentioner', task: 'Hero banner' });

    // A waits elsewhere, live, with nothing unread.
    await pageA.goto('/projects');
    await live(pageA);
    await expect(inboxLink(pageA)).toHaveAccessibleName('Inbox');

    // B types '@' and part of a name in a comment: the members are offered, filtered as B types.
    await pageB.goto(`/task/${taskId}`);
    const composer = pageB.getByRole('textbox', { name: 'Write a comment' });
    await composer.click();
    await pageB.keyboard.type('Could you check this, @');
    const people = pageB.getByRole('listbox', { name: 'People to mention' });
    await expect(people.getByRole('option', { name: 'Ada Author' })).toBeVisible();
    await expect(people.getByRole('option', { name: 'Ben Mentioner' })).toBeVisible();
    await pageB.keyboard.type('ad');
    await expect(people.getByRole('option')).toHaveCount(1);
    await pageB.screenshot({ path: test.info().outputPath('mention-popup.png') });
    await people.getByRole('option', { name: 'Ada Author' }).click();
    await expect(composer.locator('.ql-mention')).toHaveText('@Ada Author');
    await pageB.keyboard.type('please');
    await pageB.getByRole('button', { name: 'Send' }).click();
    // The comment shows the mention as a chip with the name.
    const activity = pageB.getByRole('region', { name: 'Activity' });
    await expect(activity.locator('.ql-mention', { hasText: '@Ada Author' }).first()).toBeVisible();

    // A's sidebar counts it, live; the Inbox opens on For me with the entry unread.
    await expect(inboxLink(pageA)).toHaveAccessibleName(/^Inbox\s*, 1 unread/);
    await inboxLink(pageA).click();
    await expect(pageA.getByRole('tab', { name: /^For me/ })).toHaveAttribute('aria-selected', 'true');
    const entry = forMe(pageA).first();
    await expect(entry).toHaveAccessibleName(
      /^Unread: Ben Mentioner mentioned you in a comment on #1 Hero banner/,
    );
    await expect(entry).toContainText('“Could you check this, @Ada Author please”');
    await pageA.screenshot({ path: test.info().outputPath('for-me-light.png') });
    await pageA.emulateMedia({ colorScheme: 'dark' });
    await pageA.setViewportSize({ width: 390, height: 800 });
    await pageA.screenshot({ path: test.info().outputPath('for-me-dark-390.png') });
    await pageA.setViewportSize({ width: 1280, height: 720 });
    await pageA.emulateMedia({ colorScheme: 'light' });

    // Opening it marks it read.
    await entry.getByRole('link', { name: '#1 Hero banner' }).click();
    await expect(pageA).toHaveURL(new RegExp(`/task/${taskId}$`));
    await expect(inboxLink(pageA)).toHaveAccessibleName(/^Inbox\s*(, new activity)?$/);
    await inboxLink(pageA).click();
    await expect(forMe(pageA).first()).toHaveAccessibleName(/^Ben Mentioner mentioned you/);

    // B moves the task A watches (A wrote it): one more, then Mark all as read.
    const moved = await pageB.request.patch(`/api/tasks/${taskId}`, {
      headers: { origin: baseURL },
      data: { status: 'DOING' },
    });
    expect(moved.status()).toBe(200);
    await expect(forMe(pageA).first()).toHaveAccessibleName(/^Unread: Ben Mentioner changed #1 Hero banner/);
    await expect(forMe(pageA).first()).toContainText('status To Do → Doing');
    await expect(inboxLink(pageA)).toHaveAccessibleName(/^Inbox\s*, 1 unread/);
    await pageA.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(forMe(pageA).first()).toHaveAccessibleName(/^Ben Mentioner changed/);
    await expect(inboxLink(pageA)).toHaveAccessibleName(/^Inbox\s*(, new activity)?$/);

    // The existing feed is still there, as Everything.
    await pageA.getByRole('tab', { name: /^Everything/ }).click();
    await expect(pageA).toHaveURL(/\/inbox\?tab=everything$/);
    await expect(
      pageA.getByRole('list', { name: 'Notifications' }).getByRole('listitem').first(),
    ).toContainText('Ben Mentioner');
  });
});
