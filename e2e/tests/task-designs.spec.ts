import { signUpWithOrganization } from '@figgle/test-support/api-users';
import { expect, test } from '../support/fixtures.ts';
import { inEachLook } from '../support/looks.ts';
import { createProjectWithTask } from '../support/task-page-setup.ts';

const FILE_KEY = 'AbCdEfGhIjKl0123';
const frameLink = (node: string) =>
  `https://www.figma.com/design/${FILE_KEY}/Checkout?node-id=${node}&t=Xy-1`;

inEachLook('the designs of a task', ({ scheme }) => {
  test('a pasted Figma frame link is linked, opens in Figma, survives a reload, and is removed', async ({
    page,
    mail,
    baseURL,
  }) => {
    const dana = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Dana',
      lastname: 'Designer',
      organization: `Designs ${scheme}`,
    });
    const { taskId } = await createProjectWithTask(page, baseURL, dana.organizationId, {
      project: 'Checkout',
      trigram: 'CHK',
      task: 'Redo the pay button',
    });

    await page.goto(`/task/${taskId}`);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    const designs = page.getByRole('region', { name: 'Designs' });
    await expect(designs.getByText('No design linked yet.')).toBeVisible({ timeout: 30_000 });

    // A file link without a frame is refused with what to do instead; nothing is linked.
    const field = designs.getByRole('textbox', { name: 'Figma link to a frame' });
    await field.fill(`https://www.figma.com/design/${FILE_KEY}/Checkout`);
    await designs.getByRole('button', { name: 'Link' }).click();
    await expect(designs.getByText(/not a link to a frame or layer in Figma/)).toBeVisible();

    await field.fill(frameLink('12-34'));
    await field.press('Enter');
    const frame = designs.getByRole('link', { name: 'Frame 12:34' });
    await expect(frame).toBeVisible();
    await expect(frame).toHaveAttribute('href', `https://www.figma.com/design/${FILE_KEY}?node-id=12-34`);
    await expect(frame).toHaveAttribute('target', '_blank');
    await expect(field).toHaveValue('');

    await page.reload();
    await expect(frame).toBeVisible({ timeout: 30_000 });
    await designs.getByRole('button', { name: 'Remove the link to frame 12:34' }).click();
    await expect(frame).toHaveCount(0);
    await expect(designs.getByText('No design linked yet.')).toBeVisible();
    // The row leaves at once (optimistic); the server's answer may still be on its way.
    await expect
      .poll(async () => (await page.request.get(`/api/tasks/${taskId}/figma-nodes`)).json())
      .toEqual([]);
  });
});
