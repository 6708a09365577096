import type { Page } from '@playwright/test';
import { cardsIn, dragToColumnEnd } from '../support/board-cards.ts';
import { expect, test } from '../support/fixtures.ts';
import { readOfflineCopy, reconnect, reloadOffline } from '../support/offline-copy.ts';
import { live, twoMembersOfOneOrganization } from '../support/two-members.ts';

// The offline worker is this file's subject (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

const card = (page: Page, title: string) =>
  page.getByRole('article', { name: new RegExp(`^\\S+ ${title}$`) });
const teamOnline = (page: Page) =>
  page.getByRole('navigation', { name: 'Main navigation' }).getByRole('region', { name: 'Team Online' });

test.describe('live updates between two people of one organization', () => {
  test('B sees A’s status change, drag, comment and rename live; Team Online follows A; B works offline and A sees the move', async ({
    page: pageA,
    browser,
    mail,
    baseURL,
  }) => {
    // Two people, a dozen live steps, an offline reload: longer than one page's journey.
    test.setTimeout(180_000);
    const { pageB, contextB, projectId, taskId } = await twoMembersOfOneOrganization(
      { pageA, browser, mail, baseURL },
      { benLastname: 'Viewer', task: 'Alpha' },
    );
    for (const title of ['Bravo', 'Charlie']) {
      const created = await pageA.request.post(`/api/projects/${projectId}/tasks`, {
        headers: { origin: baseURL },
        data: { title },
      });
      expect(created.status()).toBe(201);
    }

    // B watches the board; nobody else is around yet.
    await pageB.goto(`/project/${projectId}/kanban`);
    await live(pageB);
    await expect.poll(() => cardsIn(pageB, 'To Do')).toEqual(['Alpha', 'Bravo', 'Charlie']);
    await expect(teamOnline(pageB)).toContainText('Nobody else is viewing a project right now.');

    // A opens the project's list: B's Team Online shows A on it.
    await pageA.goto(`/project/${projectId}/list`);
    await live(pageA);
    await expect(
      teamOnline(pageB).getByRole('link', { name: 'Ada Author, viewing the project Website' }),
    ).toBeVisible();

    // A changes a status inline: B's board moves the card without a reload.
    await pageA.getByRole('combobox', { name: 'Status of Alpha' }).click();
    await pageA.getByRole('option', { name: 'Doing' }).click();
    await expect.poll(() => cardsIn(pageB, 'Doing')).toEqual(['Alpha']);
    await expect.poll(() => cardsIn(pageB, 'To Do')).toEqual(['Bravo', 'Charlie']);

    // A drags a card on the board: B sees it land.
    await pageA.getByRole('link', { name: 'Kanban view' }).click();
    await expect.poll(() => cardsIn(pageA, 'To Do')).toEqual(['Bravo', 'Charlie']);
    await dragToColumnEnd(pageA, card(pageA, 'Bravo'), pageA.getByRole('region', { name: 'Done' }));
    await expect.poll(() => cardsIn(pageA, 'Done')).toEqual(['Bravo']);
    await expect.poll(() => cardsIn(pageB, 'Done')).toEqual(['Bravo']);

    // B opens Alpha; A comments on it: the comment appears on B's task page.
    await card(pageB, 'Alpha').getByText('#1').click();
    await expect(pageB).toHaveURL(new RegExp(`/task/${taskId}$`));
    const timelineB = pageB.getByRole('list', { name: 'Comments and changes' });
    await expect(timelineB).toBeVisible();
    await pageA.goto(`/task/${taskId}`);
    const composer = pageA.getByRole('textbox', { name: 'Write a comment' });
    await composer.click();
    await pageA.keyboard.type('Ben, have a look at this');
    await pageA.keyboard.press('Control+Enter');
    await expect(timelineB.getByText('Ben, have a look at this')).toBeVisible();
    await expect(teamOnline(pageB).getByRole('link', { name: 'Ada Author, viewing a task' })).toBeVisible();

    // B back on the board; A renames the project: B's header follows.
    await pageB.goto(`/project/${projectId}/kanban`);
    await expect(pageB.getByRole('heading', { name: 'Website', level: 1 })).toBeVisible();
    await pageA.goto(`/project/${projectId}/list`);
    await pageA.getByRole('button', { name: 'Project settings' }).click();
    const settings = pageA.getByRole('dialog', { name: 'Project settings' });
    await settings.getByRole('textbox', { name: 'Name' }).fill('Website 2026');
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(pageA.getByText('Your project has been successfully updated.')).toBeVisible();
    await expect(pageB.getByRole('heading', { name: 'Website 2026', level: 1 })).toBeVisible();

    // A leaves for the settings: B's Team Online no longer shows A.
    await expect(teamOnline(pageB).getByRole('link', { name: /^Ada Author/ })).toBeVisible();
    await pageA
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await expect(teamOnline(pageB)).toContainText('Nobody else is viewing a project right now.');

    // B's offline copy of the board is on the device (and the app shell in the service worker).
    await pageB.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect
      .poll(
        async () =>
          ((await readOfflineCopy(pageB))?.state.queries ?? []).filter((q) => q.queryKey[0] === 'tasks')
            .length,
      )
      .toBeGreaterThan(0);

    // B goes offline and reloads: the board is still there, with the offline banner.
    await pageA.goto(`/project/${projectId}/kanban`);
    await expect.poll(() => cardsIn(pageA, 'To Do')).toEqual(['Charlie']);
    await reloadOffline(pageB);
    await expect(pageB.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
    await expect(pageB.getByRole('heading', { name: 'Website 2026', level: 1 })).toBeVisible();
    await expect.poll(() => cardsIn(pageB, 'To Do')).toEqual(['Charlie']);
    await expect.poll(() => cardsIn(pageB, 'Doing')).toEqual(['Alpha']);

    // B moves a card while offline: it moves at once and waits to be sent.
    await dragToColumnEnd(pageB, card(pageB, 'Charlie'), pageB.getByRole('region', { name: 'Doing' }));
    await expect.poll(() => cardsIn(pageB, 'Doing')).toEqual(['Alpha', 'Charlie']);
    await expect(pageB.getByRole('status').filter({ hasText: '1 change waits to be sent' })).toBeVisible();
    await expect.poll(() => cardsIn(pageA, 'To Do')).toEqual(['Charlie']);

    // Back online: the move is sent and A sees it.
    await reconnect(pageB);
    await expect(pageB.getByRole('status').filter({ hasText: 'You are offline' })).toBeHidden();
    await expect.poll(() => cardsIn(pageA, 'Doing')).toEqual(['Alpha', 'Charlie']);
    await expect.poll(() => cardsIn(pageA, 'To Do')).toEqual([]);
    await pageB.reload();
    await expect.poll(() => cardsIn(pageB, 'Doing')).toEqual(['Alpha', 'Charlie']);
    await contextB.close();
  });
});
