import { signUpWithOrganization } from '@figgle/test-support/api-users';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { forgetSite, pageOfGroup } from '../support/shared-page.ts';
import { createProjectWithTask } from '../support/task-page-setup.ts';
import { live, twoMembersOfOneOrganization } from '../support/two-members.ts';

// Issue 42 on the task page: a parent with three sub-tasks (one in another project, attached by its
// title), two of them completed in place; a checklist item converted into a sub-task; A blocks B,
// B asks before Done, and finishing A clears B's mark live and tells B's assignee. Each look's two
// journeys share Ada's page (a person of their own each, the first forgotten before the second).

// The offline worker fetches and stores the whole app shell a moment after each first load, seconds
// of CPU each time; it answers no request of the API (sw.js leaves /api/ to the network), the offline
// copy a page paints first is kept without it, and nothing here is offline: blocked, as in the
// accessibility suite.
test.use({ serviceWorkers: 'block' });

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const subtaskList = (page: Page) => page.getByRole('list', { name: 'Sub-tasks' });

async function postTask(page: Page, baseURL: string, projectId: string, data: Record<string, unknown>) {
  const made = await page.request.post(`/api/projects/${projectId}/tasks`, {
    headers: { origin: baseURL },
    data,
  });
  expect(made.status(), await made.text()).toBe(201);
  return (await made.json()) as { task_id: string; reference: number };
}

/** Opens the command palette with Ctrl+K and runs the action named `name` on the open task. */
async function runPaletteAction(page: Page, name: string) {
  // The shortcut is heard once the app is on screen: wait for the task page's sections.
  await expect(page.getByRole('region', { name: 'Relations' })).toBeVisible();
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('textbox', { name: 'Search' }).fill(name);
  await palette.getByRole('button', { name, exact: true }).click();
  await expect(palette).toBeHidden();
}

/** Chooses `text` in a Mantine select by its accessible name. */
async function choose(page: Page, select: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: select }).click();
  await page.getByRole('option', { name: option }).click();
}

for (const { scheme, viewport } of [
  { scheme: 'light', viewport: { width: 1440, height: 900 } },
  { scheme: 'dark', viewport: { width: 390, height: 844 } },
] as const) {
  test.describe(`sub-tasks and relations on the task page, ${scheme} at ${viewport.width} px`, () => {
    test.describe.configure({ mode: 'serial' });
    const pageOfAda = pageOfGroup({ colorScheme: scheme, viewport, serviceWorkers: 'block' });

    test('a parent gets three sub-tasks, one of another project, completes two, and converts a checklist item', async ({
      browser,
      mail,
      baseURL,
    }) => {
      test.slow();
      const page = await pageOfAda(browser, baseURL);
      const ada = await signUpWithOrganization(page, mail, baseURL, {
        firstname: 'Ada',
        lastname: 'Author',
        organization: 'Studio',
      });
      const { taskId: parentId } = await createProjectWithTask(page, baseURL, ada.organizationId, {
        project: 'Website',
        trigram: 'WEB',
        task: 'Checkout redesign',
      });
      const mobile = await page.request.post('/api/projects', {
        headers: { origin: baseURL },
        data: { name: 'Mobile', trigram: 'MOB', organization_id: ada.organizationId },
      });
      expect(mobile.status()).toBe(201);
      const { project_id: mobileId } = (await mobile.json()) as { project_id: string };
      await postTask(page, baseURL, mobileId, { title: 'Checkout on mobile' });

      await page.goto(`/task/${parentId}`);
      const newTitle = page.getByRole('textbox', { name: 'New sub-task' });
      // The first through the command palette's "Add sub-task", which puts the focus in the title.
      await runPaletteAction(page, 'Add sub-task');
      await expect(newTitle).toBeFocused();
      for (const title of ['Pay button', 'Address form']) {
        await newTitle.fill(title);
        await page.getByRole('button', { name: 'Add', exact: true }).click();
        await expect(subtaskList(page).getByRole('link', { name: title })).toBeVisible();
      }
      // An existing task of the other project, found by its title.
      await page
        .getByRole('combobox', { name: 'Attach an existing task as a sub-task' })
        .fill('Checkout on mobile');
      await page.getByRole('option', { name: 'MOB-1 Checkout on mobile' }).click();
      await expect(subtaskList(page).getByRole('listitem')).toHaveCount(3);
      await expect(page.getByLabel('0 of 3 sub-tasks done')).toBeVisible();

      // Two completed in place.
      await page.getByRole('combobox', { name: 'Status of WEB-2' }).selectOption({ label: 'Done' });
      await page.getByRole('combobox', { name: 'Status of MOB-1' }).selectOption({ label: 'Done' });
      await expect(page.getByLabel('2 of 3 sub-tasks done')).toHaveText('2/3');

      // Reordered with a grip: by keyboard one place down, then dragged by mouse back to the top.
      const titles = subtaskList(page).getByRole('link');
      const grip = page.getByRole('button', { name: 'Move WEB-2 Pay button' });
      await grip.focus();
      await page.keyboard.press('Space');
      await expect(grip).toHaveAttribute('aria-pressed', 'true');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Space');
      await expect(titles).toHaveText(['Address form', 'Pay button', 'Checkout on mobile']);
      await expect(grip).toBeFocused();
      const from = (await grip.boundingBox())!;
      const top = (await subtaskList(page).getByRole('listitem').first().boundingBox())!;
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(from.x + from.width / 2, top.y + 2, { steps: 6 });
      await page.mouse.up();
      await expect(titles).toHaveText(['Pay button', 'Address form', 'Checkout on mobile']);

      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await page.screenshot({ path: test.info().outputPath(`subtasks-${scheme}.png`), fullPage: true });

      // The change log of the parent names the sub-tasks it gained.
      await expect(page.getByText('added sub-task MOB-1')).toBeVisible();

      // A checklist item becomes a fourth sub-task.
      const add = page.getByRole('textbox', { name: 'Add an item' });
      await add.fill('Write release notes');
      await add.press('Enter');
      await page.getByRole('button', { name: 'Actions for Write release notes' }).click();
      await page.getByRole('menuitem', { name: 'Convert to task' }).click();
      await expect(subtaskList(page).getByRole('link', { name: 'Write release notes' })).toBeVisible();
      await expect(page.getByLabel('2 of 4 sub-tasks done')).toBeVisible();

      // The sub-task's own page names its parent above the title.
      await subtaskList(page).getByRole('link', { name: 'Checkout on mobile' }).click();
      await expect(page.getByText('Sub-task of WEB-1 Checkout redesign', { exact: true })).toBeVisible();
      await page.getByRole('link', { name: 'WEB-1 Checkout redesign' }).click();
      await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(
        'Checkout redesign',
      );
    });

    test('A blocks B: B is marked, asks before Done, and finishing A tells B’s assignee live', async ({
      browser,
      mail,
      baseURL,
    }) => {
      test.slow();
      const page = await pageOfAda(browser, baseURL);
      // The Ada of the journey before leaves nothing behind.
      await forgetSite(page, baseURL);
      const {
        pageB,
        contextB,
        projectId,
        taskId: blockedId,
      } = await twoMembersOfOneOrganization(
        { pageA: page, browser, mail, baseURL },
        { benLastname: 'Blocked', task: 'Ship checkout' },
      );
      await pageB.emulateMedia({ colorScheme: scheme });
      await pageB.setViewportSize(viewport);
      const blocker = await postTask(page, baseURL, projectId, { title: 'Write the API' });
      const assigned = await page.request.patch(`/api/tasks/${blockedId}`, {
        headers: { origin: baseURL },
        data: {
          assignee_id: ((await (await pageB.request.get('/api/me')).json()) as { user_id: string }).user_id,
        },
      });
      expect(assigned.status()).toBe(200);

      // Ben watches the blocked task, live.
      await pageB.goto(`/task/${blockedId}`);
      await live(pageB);
      const benMark = pageB.getByText('Blocked', { exact: true });
      await expect(benMark).toHaveCount(0);

      // Ada marks it as blocked by the API task.
      await page.goto(`/task/${blockedId}`);
      // Through the command palette's "Mark as blocked by…", which puts the focus in the finder.
      await runPaletteAction(page, 'Mark as blocked by…');
      const finder = page.getByRole('combobox', { name: 'Task that WEB-1 is blocked by' });
      await expect(finder).toBeFocused();
      await finder.fill('Write the API');
      await page.getByRole('option', { name: `WEB-${blocker.reference} Write the API` }).click();
      const relations = page.getByRole('region', { name: 'Relations' });
      await expect(relations.getByRole('list', { name: 'Is blocked by' }).getByRole('link')).toHaveText(
        'Write the API',
      );
      await expect(page.getByText('Blocked', { exact: true })).toBeVisible();
      await expect(benMark).toBeVisible({ timeout: 5_000 });
      await pageB.getByLabel(/^Blocked by WEB-\d+ Write the API$/).focus();
      await expect(pageB.getByRole('tooltip')).toHaveText(
        `Blocked by WEB-${blocker.reference} Write the API`,
      );
      await pageB.screenshot({ path: test.info().outputPath(`blocked-${scheme}.png`) });

      // Done while blocked asks first; Cancel keeps the status.
      await choose(page, 'Status', 'Done');
      const question = page.getByRole('dialog', { name: 'Mark WEB-1 as done?' });
      await expect(question).toContainText('1 blocking task is not done.');
      await question.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('To Do');

      // Ada finishes the blocker: Ben's mark goes, and Ben is told (after the assignment, a second entry).
      await page.goto(`/task/${blocker.task_id}`);
      await live(page);
      await choose(page, 'Status', 'Done');
      await expect(benMark).toHaveCount(0, { timeout: 5_000 });
      await expect(navigation(pageB).getByRole('link', { name: /^Inbox/ })).toHaveAccessibleName(/2 unread/);
      // On a phone the navigation is behind its menu button: the inbox is opened by its address.
      await pageB.goto('/inbox');
      await expect(pageB.getByRole('list', { name: 'For me' }).getByRole('listitem').first()).toContainText(
        'Nothing blocks it any more.',
      );

      // And now Done asks nothing. The page first paints from the offline copy, where the blocker is
      // still open; the choice waits for the server's answer (the blocker shown Done) and the live
      // connection, as a person would see the page settle, so it is made on the page as it is now.
      await page.goto(`/task/${blockedId}`);
      await expect(
        page.getByRole('region', { name: 'Relations' }).getByRole('list', { name: 'Is blocked by' }),
      ).toContainText('Done');
      await live(page);
      await choose(page, 'Status', 'Done');
      await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Done');
      await contextB.close();
    });
  });
}

test('deleting a parent says how many sub-tasks it has, and keeps them or deletes them as chosen', async ({
  page,
  mail,
  baseURL,
}) => {
  test.slow();
  const ada = await signUpWithOrganization(page, mail, baseURL, {
    firstname: 'Ada',
    lastname: 'Author',
    organization: 'Studio',
  });
  const { projectId, taskId: keeper } = await createProjectWithTask(page, baseURL, ada.organizationId, {
    project: 'Website',
    trigram: 'WEB',
    task: 'Epic to drop',
  });
  for (const title of ['Stays one', 'Stays two'])
    await postTask(page, baseURL, projectId, { title, parent_id: keeper });
  const doomed = await postTask(page, baseURL, projectId, { title: 'Epic with its work' });
  await postTask(page, baseURL, projectId, { title: 'Goes too', parent_id: doomed.task_id });

  await page.goto(`/task/${keeper}`);
  await page.getByRole('button', { name: 'Actions for Epic to drop' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const question = page.getByRole('dialog', { name: 'Delete this task and its sub-tasks?' });
  await expect(question).toContainText('WEB-1 “Epic to drop” has 2 sub-tasks.');
  await question.getByRole('button', { name: 'Keep the sub-tasks' }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/`));

  await page.goto(`/task/${doomed.task_id}`);
  await page.getByRole('button', { name: 'Actions for Epic with its work' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this task and its sub-tasks?' })
    .getByRole('button', { name: 'Delete all' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/`));

  await page.goto(`/project/${projectId}/list`);
  await expect(page.getByRole('link', { name: 'Stays one' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Stays two' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Goes too' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Epic with its work' })).toHaveCount(0);
});
