import { SAMPLE_FILE_KEY } from '@figgle/test-support/fake-figma';
import { linkFigmaFile } from '../support/figma-setup.ts';
import { testWithFakeFigma } from '../support/figma-test.ts';
import { expect } from '../support/fixtures.ts';
import { createProject } from '../support/task-page-setup.ts';

const TOKEN = 'figd_e2e-failed-delivery-token-c3d4';
const test = testWithFakeFigma(TOKEN);

test.describe('Figma deliveries that fail for good', () => {
  test.use({ serviceWorkers: 'block' });

  test('the open radar shows a #task comment Figma refused, with the reason; Try again makes its task', async ({
    page,
    baseURL,
    fakeFigma,
    figmaOwner,
  }) => {
    const owner = await figmaOwner({
      firstname: 'Fern',
      lastname: 'Failing',
      organization: 'Refused Studio',
      teamId: '5550042',
    });
    const projectId = await createProject(page, baseURL, owner.organizationId, 'Checkout', 'CHK');
    await linkFigmaFile(page, baseURL, projectId, SAMPLE_FILE_KEY);

    // The radar is open when the delivery fails: the failure shows without a reload.
    await page.goto('/projects');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Figma Radar' })
      .click();
    await expect(page.getByRole('heading', { name: 'Figma Radar' })).toBeVisible();
    const failures = page.getByRole('region', { name: 'Figma deliveries that failed' });
    await expect(failures).toHaveCount(0);

    // Figma answers the read of the file's comments with 404: nothing to try again.
    fakeFigma.failNext(1, 404, /^\/v1\/files\/[^/]+\/comments$/);
    const answer = await fakeFigma.deliverTaskComment({
      webhookId: fakeFigma.latestWebhook()!.id,
      commentId: '9900000001',
      fragments: [{ text: 'Align the price column #task' }],
    });
    expect(answer.status).toBe(200);
    await expect(failures).toBeVisible({ timeout: 15_000 });

    const failure = failures.getByRole('article', {
      name: 'Comment by Grace Hopper on Checkout redesign not processed',
    });
    await expect(failure).toBeVisible();
    await expect(failure).toContainText('Align the price column #task');
    await expect(failure).toContainText('Reason: Figma could not find this team or file. (HTTP 404)');
    await expect(failure).toContainText('after 1 try');

    // No task was made from it.
    const board = page.getByRole('navigation', { name: 'Main navigation' });
    await page.goto(`/project/${projectId}/kanban`);
    await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
    await expect(page.getByText('Align the price column')).toHaveCount(0);

    // Figma answers again: Try again makes the task, and the warning goes.
    await board.getByRole('link', { name: 'Figma Radar' }).click();
    await failures
      .getByRole('article', { name: 'Comment by Grace Hopper on Checkout redesign not processed' })
      .getByRole('button', { name: 'Try again' })
      .click();
    await expect(failures).toHaveCount(0, { timeout: 15_000 });
    await expect(
      page.getByRole('article', { name: 'Comment by Grace Hopper on Checkout redesign' }),
    ).toContainText('Align the price column #task');
    await page.goto(`/project/${projectId}/kanban`);
    await expect(page.getByText('Align the price column', { exact: true })).toBeVisible();
  });
});
