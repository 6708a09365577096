import { signUpWithOrganization } from '@figgle/test-support/api-users';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { createProjectWithTask } from '../support/task-page-setup.ts';
import { live, twoMembersOfOneOrganization } from '../support/two-members.ts';

/** Issue 39, items 4 to 6: comments edited and deleted, the task's "…" menu and palette, roles. */

const timeline = (page: Page) => page.getByRole('list', { name: 'Comments and changes' });
const confirmDialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });

async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });
}

async function addTask(page: Page, baseURL: string, projectId: string, title: string): Promise<string> {
  const response = await page.request.post(`/api/projects/${projectId}/tasks`, {
    headers: { origin: baseURL },
    data: { title },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { task_id: string }).task_id;
}

async function addProject(
  page: Page,
  baseURL: string,
  organizationId: string,
  name: string,
  trigram: string,
) {
  const response = await page.request.post('/api/projects', {
    headers: { origin: baseURL },
    data: { name, trigram, organization_id: organizationId },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { project_id: string }).project_id;
}

test('an author edits and deletes their own comment, live for others; another member has no control and gets 403', async ({
  page: pageA,
  browser,
  mail,
  baseURL,
}) => {
  test.slow();
  const { pageB, taskId } = await twoMembersOfOneOrganization(
    { pageA, browser, mail, baseURL },
    { benLastname: 'Writer', task: 'Alpha' },
  );
  // Ben writes on a phone in dark mode; Ada watches on a desktop in light mode.
  await pageB.emulateMedia({ colorScheme: 'dark' });
  await pageB.setViewportSize({ width: 390, height: 844 });
  await pageB.goto(`/task/${taskId}`);
  await pageA.goto(`/task/${taskId}`);
  await live(pageA);
  await live(pageB);

  await pageB.getByRole('textbox', { name: 'Write a comment' }).click();
  await pageB.keyboard.type('Teh first draft');
  await pageB.getByRole('button', { name: 'Send' }).click();
  const bensOnA = timeline(pageA).getByRole('listitem').filter({ hasText: 'Teh first draft' });
  await expect(bensOnA).toBeVisible();
  // Ada sees Ben's comment without Edit or Delete.
  await expect(bensOnA.getByRole('button', { name: 'Edit comment' })).toHaveCount(0);
  await expect(bensOnA.getByRole('button', { name: 'Delete comment' })).toHaveCount(0);

  // Ben edits it: the text changes in place and reads "(edited)", on Ada's screen too.
  const bensOnB = timeline(pageB).getByRole('listitem').filter({ hasText: 'Teh first draft' });
  await bensOnB.getByRole('button', { name: 'Edit comment' }).click();
  const editor = pageB.getByRole('textbox', { name: 'Edit your comment' });
  await editor.click();
  await pageB.keyboard.press('ControlOrMeta+a');
  await pageB.keyboard.type('The first draft');
  await screenshot(pageB, 'comment-editing-dark-390');
  await pageB.keyboard.press('ControlOrMeta+Enter');
  const editedOnB = timeline(pageB).getByRole('listitem').filter({ hasText: 'The first draft' });
  await expect(editedOnB.getByText('(edited)')).toBeVisible();
  const editedOnA = timeline(pageA).getByRole('listitem').filter({ hasText: 'The first draft' });
  await expect(editedOnA.getByText('(edited)')).toBeVisible();
  await expect(timeline(pageA).getByText('edited a comment')).toBeVisible();
  await screenshot(pageB, 'comment-edited-dark-390');
  await screenshot(pageA, 'comment-edited-light');

  // Ada trying it anyway: refused, and nothing changed.
  const comments = (await (await pageA.request.get(`/api/tasks/${taskId}/comments`)).json()) as Array<{
    comment_id: string;
  }>;
  const refused = await pageA.request.patch(`/api/comments/${comments[0]!.comment_id}`, {
    headers: { origin: baseURL },
    data: { content_json: { ops: [{ insert: 'Taken over\n' }] } },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe(
    'Only the author of a comment may edit or delete it.',
  );
  await expect(editedOnA).toContainText('The first draft');

  // Ben deletes it after confirming; it leaves Ada's page live.
  await editedOnB.getByRole('button', { name: 'Delete comment' }).click();
  await confirmDialog(pageB, 'Delete this comment?').getByRole('button', { name: 'Delete' }).click();
  await expect(timeline(pageB).getByText('The first draft')).toHaveCount(0);
  await expect(timeline(pageA).getByText('The first draft')).toHaveCount(0);
  await expect(timeline(pageA).getByText('deleted a comment')).toBeVisible();
});

test('a task is duplicated, moved, deleted and its link copied from its page, card, row and the palette', async ({
  page,
  context,
  mail,
  baseURL,
}) => {
  test.slow();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const ada = await signUpWithOrganization(page, mail, baseURL, {
    firstname: 'Ada',
    lastname: 'Actions',
    organization: 'Studio',
  });
  const { projectId, taskId } = await createProjectWithTask(page, baseURL, ada.organizationId, {
    project: 'Website',
    trigram: 'WEB',
    task: 'Hero banner',
  });
  const docs = await addProject(page, baseURL, ada.organizationId, 'Docs', 'DOC');
  // A project of Ada's other organization is never offered.
  const other = await page.request.post('/api/organizations', {
    headers: { origin: baseURL },
    data: { name: 'Side gig' },
  });
  const otherId = ((await other.json()) as { organization_id: string }).organization_id;
  await addProject(page, baseURL, otherId, 'Elsewhere', 'ELS');

  // The page: Copy link, then Duplicate (the copy opens), then Move to project.
  await page.goto(`/task/${taskId}`);
  const pageMenu = page.getByRole('button', { name: 'Actions for Hero banner' });
  await pageMenu.click();
  await page.getByRole('menuitem', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/task/${taskId}`);

  await pageMenu.click();
  await page.getByRole('menuitem', { name: 'Duplicate' }).click();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Hero banner (copy)');
  await expect(page).not.toHaveURL(new RegExp(taskId));

  await page.getByRole('button', { name: 'Actions for Hero banner (copy)' }).click();
  await page.getByRole('menuitem', { name: 'Move to project' }).click();
  const moveDialog = page.getByRole('dialog', { name: 'Move to project' });
  const projectChoice = moveDialog.getByRole('combobox', { name: 'Project' });
  await expect(projectChoice.getByRole('option')).toHaveText(['Select a project', 'Docs']);
  await projectChoice.selectOption({ label: 'Docs' });
  await screenshot(page, 'move-dialog-light');
  await moveDialog.getByRole('button', { name: 'Move' }).click();
  await expect(page.getByText('Moved to Docs as #1')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Docs');
  await expect(page.getByText('moved the task from Website to Docs')).toBeVisible();

  // The palette, on the open task: Duplicate, then Delete after confirming.
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('textbox', { name: 'Search' }).fill('Copy link to task');
  await palette.getByRole('button', { name: 'Copy link to task', exact: true }).click();
  await expect(page.getByText('Link copied').first()).toBeVisible();
  const copiedCopy = await page.evaluate(() => navigator.clipboard.readText());
  expect(copiedCopy).toBe(page.url());
  await page.keyboard.press('Control+k');
  await palette.getByRole('textbox', { name: 'Search' }).fill('Delete task');
  await palette.getByRole('button', { name: 'Delete task', exact: true }).click();
  await confirmDialog(page, 'Delete this task?').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${docs}/list`));
  await expect(page.getByRole('link', { name: /Hero banner \(copy\)/ })).toHaveCount(0);

  // The board card, in dark mode at 390 px: Duplicate, then Delete.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/project/${projectId}/kanban`);
  const card = page.getByRole('article', { name: '#1 Hero banner' });
  await card.getByRole('button', { name: 'Actions for Hero banner' }).click();
  await screenshot(page, 'card-menu-dark-390');
  await page.getByRole('menuitem', { name: 'Duplicate' }).click();
  const copyCard = page.getByRole('article', { name: /Hero banner \(copy\)/ });
  await expect(copyCard).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/kanban`));
  await copyCard.getByRole('button', { name: 'Actions for Hero banner (copy)' }).click();
  // The menu of the copy's card (the original's may still be closing).
  await page
    .getByRole('menu', { name: 'Actions for Hero banner (copy)' })
    .getByRole('menuitem', { name: 'Delete' })
    .click();
  await confirmDialog(page, 'Delete this task?').getByRole('button', { name: 'Delete' }).click();
  await expect(copyCard).toHaveCount(0);

  // The list row, in light mode on a desktop: Move to project, then Delete.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1440, height: 900 });
  const rowTask = await addTask(page, baseURL, projectId, 'Footer links');
  await page.goto(`/project/${projectId}/list`);
  const row = page.getByRole('row').filter({ hasText: 'Footer links' });
  await row.getByRole('button', { name: 'Actions for Footer links' }).click();
  await screenshot(page, 'row-menu-light');
  await page.getByRole('menuitem', { name: 'Move to project' }).click();
  await moveDialog.getByRole('combobox', { name: 'Project' }).selectOption({ label: 'Docs' });
  await moveDialog.getByRole('button', { name: 'Move' }).click();
  await expect(row).toHaveCount(0);
  const moved = await page.request.get(`/api/tasks/${rowTask}`);
  expect(((await moved.json()) as { project_id: string }).project_id).toBe(docs);

  const heroRow = page.getByRole('row').filter({ hasText: 'Hero banner' });
  await heroRow.getByRole('button', { name: 'Actions for Hero banner' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await confirmDialog(page, 'Delete this task?').getByRole('button', { name: 'Delete' }).click();
  await expect(heroRow).toHaveCount(0);
  // Deleting it again is refused, and nothing changes.
  const twice = await page.request.delete(`/api/tasks/${taskId}`, { headers: { origin: baseURL } });
  expect(twice.status()).toBe(404);
});

test('an owner makes a member an owner and steps down; the last owner is protected with its reason', async ({
  page: pageA,
  browser,
  mail,
  baseURL,
}) => {
  test.slow();
  const { ada, pageB } = await twoMembersOfOneOrganization(
    { pageA, browser, mail, baseURL },
    { benLastname: 'Member', task: 'Alpha' },
  );
  await pageA.goto(`/settings/organization/${ada.organizationId}`);
  const members = pageA.getByRole('table', { name: 'Members' });
  const adaRow = members.getByRole('row').filter({ hasText: 'Ada' });
  const benRow = members.getByRole('row').filter({ hasText: 'Ben' });
  // Ada is the only owner: she can neither step down nor be removed, and reads why.
  await expect(adaRow.getByRole('button', { name: 'Step down as owner' })).toBeDisabled();
  await expect(adaRow.getByRole('button', { name: 'Remove Ada Author' })).toBeDisabled();
  await expect(adaRow.getByText('The last owner: make someone else an owner first.')).toBeVisible();
  await screenshot(pageA, 'roles-last-owner-light');

  await benRow.getByRole('button', { name: 'Make Ben Member an owner' }).click();
  await confirmDialog(pageA, 'Make an owner?').getByRole('button', { name: 'Make owner' }).click();
  await expect(benRow.getByText('Owner', { exact: true })).toBeVisible();
  await expect(adaRow.getByText('The last owner: make someone else an owner first.')).toHaveCount(0);

  await adaRow.getByRole('button', { name: 'Step down as owner' }).click();
  await confirmDialog(pageA, 'Step down as owner?').getByRole('button', { name: 'Step down' }).click();
  await expect(pageA.getByText('You are now a member')).toBeVisible();
  // A member sees the table without actions, and her role as Member.
  await expect(members.getByRole('button', { name: /Remove/ })).toHaveCount(0);
  await expect(adaRow.getByText('Member', { exact: true })).toBeVisible();

  // Ben, now the only owner, on a phone in dark mode: protected in turn.
  await pageB.emulateMedia({ colorScheme: 'dark' });
  await pageB.setViewportSize({ width: 390, height: 844 });
  await pageB.goto(`/settings/organization/${ada.organizationId}`);
  const benOwnRow = pageB.getByRole('table', { name: 'Members' }).getByRole('row').filter({ hasText: 'Ben' });
  await expect(benOwnRow.getByRole('button', { name: 'Step down as owner' })).toBeDisabled();
  await expect(benOwnRow.getByText('The last owner: make someone else an owner first.')).toBeVisible();
  await screenshot(pageB, 'roles-dark-390');
  const refused = await pageB.request.patch(
    `/api/organizations/${ada.organizationId}/members/${await ruleOfBen(pageB)}`,
    { headers: { origin: baseURL }, data: { role: 'MEMBER' } },
  );
  expect(refused.status()).toBe(409);
});

async function ruleOfBen(page: Page): Promise<string> {
  const url = new URL(page.url());
  const organizationId = url.pathname.split('/').at(-1)!;
  const members = (await (
    await page.request.get(`/api/organizations/${organizationId}/members`)
  ).json()) as Array<{
    rule_id: string;
    firstname: string;
  }>;
  return members.find((member) => member.firstname === 'Ben')!.rule_id;
}
