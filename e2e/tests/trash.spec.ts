import { signUpWithOrganization } from '@figgle/test-support/api-users';
import { expect, test } from '../support/fixtures.ts';
import { inEachLook } from '../support/looks.ts';
import { createProjectWithTask } from '../support/task-page-setup.ts';
import { live } from '../support/two-members.ts';
import { axeCheck } from './accessibility-support.ts';
import { callApi, createTask } from './planning-support.ts';

// Issue 43, the trash (docs/product.md#trash): a task deleted from its page is found in
// Settings › Trash and restored with its comments, which its activity says; an open board shows it
// again live, and Settings › Trash open in another tab sees it come and go without a reload.

inEachLook('trash', ({ scheme, width }) => {
  test('a deleted task is found in the trash and restored with its comments', async ({
    page,
    mail,
    baseURL,
  }) => {
    const organization = `Trash ${scheme}`;
    const ida = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Ida',
      lastname: 'Tidy',
      organization,
    });
    const { projectId, taskId, reference } = await createProjectWithTask(page, baseURL, ida.organizationId, {
      project: 'Brochure',
      trigram: 'BRO',
      task: 'Print the proofs',
    });
    await callApi(page, baseURL, 'POST', `/api/tasks/${taskId}/comments`, {
      content_json: { ops: [{ insert: 'The paper is ordered.\n' }] },
    });
    // Pick the paper blocks it, and it blocks Bind the proofs (issue 44).
    const paper = await createTask(page, baseURL, projectId, { title: 'Pick the paper' });
    const bind = await createTask(page, baseURL, projectId, { title: 'Bind the proofs' });
    await callApi(page, baseURL, 'POST', `/api/tasks/${paper}/relations`, {
      side: 'blocks',
      task_id: taskId,
    });
    await callApi(page, baseURL, 'POST', `/api/tasks/${taskId}/relations`, {
      side: 'blocks',
      task_id: bind,
    });
    // An open board, which sees the task leave and come back without a reload.
    const board = await page.context().newPage();
    await board.goto(`/project/${projectId}/kanban`);
    const card = board.getByRole('article', { name: `#${reference} Print the proofs` });
    await expect(card).toBeVisible();
    const otherTab = await page.context().newPage();
    await otherTab.goto(`/settings/organization/${ida.organizationId}/trash`);
    await expect(otherTab.getByText('The trash is empty.')).toBeVisible();
    await live(otherTab);

    // The task page's menu: Delete, after a question that says where it goes.
    await page.goto(`/task/${taskId}`);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await expect(page.getByText('The paper is ordered.')).toBeVisible();
    await page.getByRole('button', { name: 'Actions for Print the proofs' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const question = page.getByRole('dialog', { name: 'Delete this task?' });
    await expect(question).toContainText('goes to the trash with its comments');
    await question.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(new RegExp(`/project/${projectId}/`));
    await expect(card).toHaveCount(0);
    await expect(otherTab.getByRole('list', { name: 'Trash' }).getByRole('listitem')).toContainText(
      'Print the proofs',
    );

    // Settings › Trash of the organization.
    await page.goto('/settings/profile');
    await page.getByRole('link', { name: `Trash of ${organization}` }).click();
    await expect(page.getByRole('heading', { name: `Trash of ${organization}` })).toBeVisible();
    const item = page.getByRole('list', { name: 'Trash' }).getByRole('listitem');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(`BRO-${reference} Print the proofs`);
    await expect(item).toContainText('Deleted by Ida Tidy');
    await expect(item).toContainText('Removed for good in 30 days');
    await expect(item).toContainText('With 1 comment');
    // The screen passes axe with an item in it, in both schemes and widths.
    const { violations } = await axeCheck(page);
    expect(
      violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target)}`),
    ).toEqual([]);
    await item.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`trash-${scheme}-${width}.png`) });

    // While it was in the trash, Bind the proofs came to block Pick the paper: one of its two
    // relations would now close a loop, and stays out; the message names the loop.
    await callApi(page, baseURL, 'POST', `/api/tasks/${bind}/relations`, {
      side: 'blocks',
      task_id: paper,
    });
    await item.getByRole('button', { name: `Restore BRO-${reference} Print the proofs` }).click();
    await expect(
      page.getByText(
        new RegExp(
          `^BRO-${reference} is back, without a “blocks” relation, which would now make a loop: (BRO-\\d+ → ){3}BRO-\\d+\\.$`,
        ),
      ),
    ).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`trash-restored-${scheme}-${width}.png`) });
    await expect(page.getByText('The trash is empty.')).toBeVisible();
    await expect(otherTab.getByText('The trash is empty.')).toBeVisible();
    // Back on the open board, and on its page with its comment; its activity says it came back.
    await expect(card).toBeVisible();
    await page.goto(`/task/${taskId}`);
    await expect(page.getByText('The paper is ordered.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Comments and changes' })).toContainText(
      'restored the task from the trash',
    );
    await board.close();
    await otherTab.close();
  });
});
