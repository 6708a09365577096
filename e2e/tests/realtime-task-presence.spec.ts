import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { live, twoMembersOfOneOrganization } from '../support/two-members.ts';

/** The row of faces on a task page: everyone else who has the task open. */
const alsoViewing = (page: Page) => page.getByRole('list', { name: 'Also viewing this task' });

test.describe('the task page shows who else is on it', () => {
  test('two members on one task see each other; leaving for another task or closing the tab takes them off', async ({
    page: pageA,
    browser,
    mail,
    baseURL,
  }) => {
    // Two people, three tabs, several presence round trips.
    test.setTimeout(120_000);
    const { pageB, contextB, projectId, taskId } = await twoMembersOfOneOrganization(
      { pageA, browser, mail, baseURL },
      { benLastname: 'Viewer', task: 'Hero banner' },
    );
    const other = await pageA.request.post(`/api/projects/${projectId}/tasks`, {
      headers: { origin: baseURL },
      data: { title: 'Footer links' },
    });
    expect(other.status()).toBe(201);
    const { task_id: otherTaskId } = (await other.json()) as { task_id: string };

    // Ada opens the task alone.
    await pageA.goto(`/task/${taskId}`);
    await expect(pageA.getByRole('textbox', { name: 'Title' })).toHaveValue('Hero banner');
    await live(pageA);

    // Ben opens the same task: each sees the other, by name, and not themselves.
    await pageB.goto(`/task/${taskId}`);
    await live(pageB);
    await expect(alsoViewing(pageA).getByRole('img', { name: 'Ben Viewer' })).toBeVisible();
    await expect(alsoViewing(pageB).getByRole('img', { name: 'Ada Author' })).toBeVisible();
    await expect(alsoViewing(pageA).getByRole('img')).toHaveCount(1);
    await expect(alsoViewing(pageB).getByRole('img')).toHaveCount(1);

    // The name also shows on hover, for those who do not know the initials.
    await alsoViewing(pageA).getByRole('img', { name: 'Ben Viewer' }).hover();
    await expect(pageA.getByRole('tooltip', { name: 'Ben Viewer' })).toBeVisible();

    // Ada in a second tab on the same task: Ben still sees her once; neither of Ada's tabs shows Ada.
    const pageA2 = await pageA.context().newPage();
    await pageA2.goto(`/task/${taskId}`);
    await live(pageA2);
    await expect(alsoViewing(pageA2).getByRole('img', { name: 'Ben Viewer' })).toBeVisible();
    await expect(alsoViewing(pageA2).getByRole('img')).toHaveCount(1);
    await expect(alsoViewing(pageB).getByRole('img')).toHaveCount(1);
    await pageA2.close();

    // Ben moves to another task of the project: Ada's row empties and goes; Ben sees nobody there.
    await pageB.goto(`/task/${otherTaskId}`);
    await expect(pageB.getByRole('textbox', { name: 'Title' })).toHaveValue('Footer links');
    await expect(alsoViewing(pageA)).toHaveCount(0);
    await expect(pageA.getByText('Also viewing')).toHaveCount(0);
    await expect(alsoViewing(pageB)).toHaveCount(0);

    // Ben comes back, then closes his window: Ada sees him arrive, then leave.
    await pageB.goto(`/task/${taskId}`);
    await expect(alsoViewing(pageA).getByRole('img', { name: 'Ben Viewer' })).toBeVisible();
    await expect(alsoViewing(pageB).getByRole('img', { name: 'Ada Author' })).toBeVisible();
    await contextB.close();
    await expect(alsoViewing(pageA)).toHaveCount(0);
  });
});
