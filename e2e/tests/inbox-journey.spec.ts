import { signUpWithOrganization } from '@figgle/test-support/api-users';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { createProjectWithTask } from '../support/task-page-setup.ts';
import { live, twoMembersOfOneOrganization } from '../support/two-members.ts';

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
/** The sidebar's Inbox link: its name says 'new activity' while the dot shows. */
const inboxLink = (page: Page) => navigation(page).getByRole('link', { name: /^Inbox/ });
const notifications = (page: Page) => page.getByRole('list', { name: 'Notifications' }).getByRole('listitem');

test.describe('the inbox', () => {
  test('A’s change reaches B’s inbox live with the dot; opening it clears the dot everywhere; See more pages', async ({
    page: pageA,
    browser,
    mail,
    baseURL,
  }) => {
    // Two people, live updates and eighteen entries: more than a minute on a loaded machine.
    test.slow();
    const { pageB, contextB, projectId, taskId } = await twoMembersOfOneOrganization(
      { pageA, browser, mail, baseURL },
      { benLastname: 'Reader', task: 'Alpha' },
    );
    const headers = { origin: baseURL };

    // B has read everything so far: no dot.
    await pageB.goto('/inbox?tab=everything');
    await expect(pageB.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
    await expect(pageB.getByText('Notifications from your tasks, projects or comments')).toBeVisible();
    await expect(notifications(pageB).first()).toContainText('Ada Author edited a task in Website');
    await pageB.getByRole('link', { name: 'My tasks' }).click();
    await live(pageB);
    await expect(inboxLink(pageB)).toHaveAccessibleName('Inbox');

    // A moves Alpha to Doing in the list; B's dot appears without any reload.
    await pageA.goto(`/project/${projectId}/list`);
    await pageA.getByRole('combobox', { name: 'Status of Alpha' }).click();
    await pageA.getByRole('option', { name: 'Doing' }).click();
    await expect(pageA.getByRole('combobox', { name: 'Status of Alpha' })).toHaveText('Doing');
    await expect(inboxLink(pageB)).toHaveAccessibleName(/^Inbox\s*, new activity$/);

    // B opens the inbox: the change is the newest entry, in words, and the dot goes.
    await inboxLink(pageB).click();
    await expect(pageB).toHaveURL(/\/inbox$/);
    // The inbox opens on For me; the feed of everything is the second tab.
    await pageB.getByRole('tab', { name: /^Everything/ }).click();
    const newest = notifications(pageB).first();
    await expect(newest).toContainText('Ada Author');
    await expect(newest).toContainText('edited a task in');
    await expect(newest).toContainText('#1 Alpha');
    await expect(newest).toContainText('status To Do → Doing');
    await expect(newest).toContainText(/a few seconds ago|just now/);
    await expect(newest.getByRole('link', { name: 'Website' })).toHaveAttribute(
      'href',
      `/project/${projectId}/list`,
    );
    await expect(inboxLink(pageB)).toHaveAccessibleName('Inbox');

    // The visit is kept by the server: another device of B shows no dot either.
    const otherDevice = await contextB.newPage();
    await otherDevice.goto('/projects');
    await expect(navigation(otherDevice).getByRole('link', { name: 'Projects' })).toBeVisible();
    await expect(inboxLink(otherDevice)).toHaveAccessibleName('Inbox');
    await otherDevice.close();

    // While B reads, A comments: the comment arrives at the top of the open inbox.
    const comment = await pageA.request.post(`/api/tasks/${taskId}/comments`, {
      headers,
      data: { content_json: { ops: [{ insert: 'Looks good to me\n' }] } },
    });
    expect(comment.status()).toBe(201);
    await expect(notifications(pageB).first()).toContainText('new comment: “Looks good to me”');
    await expect(inboxLink(pageB)).toHaveAccessibleName('Inbox');

    // Fifteen renames make 18 entries: ten show, See more adds the other eight and scrolls down to them.
    for (let i = 1; i <= 15; i++) {
      const rename = await pageA.request.patch(`/api/tasks/${taskId}`, {
        headers,
        data: { title: `Alpha ${i}` },
      });
      expect(rename.status()).toBe(200);
    }
    // They arrive live too: the open inbox reads its first page again.
    await expect(notifications(pageB).first()).toContainText('title "Alpha 14" → "Alpha 15"');
    await expect(notifications(pageB)).toHaveCount(10);
    await pageB.getByRole('button', { name: 'See more' }).click();
    await expect(notifications(pageB)).toHaveCount(18);
    await expect(notifications(pageB).last()).toContainText('task created');
    await expect(pageB.getByRole('button', { name: 'See more' })).toHaveCount(0);
    await expect
      .poll(() =>
        pageB.evaluate(
          () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 4,
        ),
      )
      .toBe(true);
    await contextB.close();
  });

  test('each entry links to its task, and a new member starts with an empty inbox and no dot', async ({
    page,
    mail,
    baseURL,
  }) => {
    const cleo = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Cleo',
      lastname: 'Solo',
      organization: 'Solo',
    });
    await page.goto('/inbox');
    await expect(page.getByText('Nothing for you yet')).toBeVisible();
    await page.getByRole('tab', { name: 'Everything' }).click();
    await expect(page.getByText("It's empty!")).toBeVisible();
    await expect(inboxLink(page)).toHaveAccessibleName('Inbox');
    const { taskId } = await createProjectWithTask(page, baseURL, cleo.organizationId, {
      project: 'Garden',
      trigram: 'GAR',
      task: 'Water the plants',
    });
    // Away and back: the inbox opens again (a second click before My tasks arrives would cancel it).
    await navigation(page).getByRole('link', { name: 'My tasks' }).click();
    await expect(page.getByRole('heading', { name: 'My tasks', level: 1 })).toBeVisible();
    await inboxLink(page).click();
    await page.getByRole('tab', { name: 'Everything' }).click();
    const entry = notifications(page).first();
    await expect(entry).toContainText('Cleo Solo edited a task in Garden');
    await expect(entry).toContainText('task created');
    // Her own work raises no dot.
    await expect(inboxLink(page)).toHaveAccessibleName('Inbox');
    await entry.getByRole('link', { name: '#1 Water the plants' }).click();
    await expect(page).toHaveURL(new RegExp(`/task/${taskId}$`));
  });
});
