import { SAMPLE_FILE_KEY } from '@figgle/test-support/fake-figma';
import { testWithFakeFigma } from '../support/figma-test.ts';
import { expect } from '../support/fixtures.ts';
import { createProject, postTask } from '../support/task-page-setup.ts';

// Ready for dev (docs/product.md#ready-for-dev): the project's rule set in Project settings, then a
// designer marks the linked frame Ready for dev in Figma: the card says "Design: Ready for dev" and
// moves to Doing, live, within a second of the delivery. At 1280 px in light and dark, and at 390 px.

const TOKEN = 'figd_e2e-ready-for-dev-token-e5f6';
const test = testWithFakeFigma(TOKEN);

const LAYOUTS = [
  { name: '1280 px, light', colorScheme: 'light', viewport: { width: 1280, height: 900 }, team: '5560001' },
  { name: '1280 px, dark', colorScheme: 'dark', viewport: { width: 1280, height: 900 }, team: '5560002' },
  { name: '390 px, light', colorScheme: 'light', viewport: { width: 390, height: 844 }, team: '5560003' },
] as const;

for (const [index, layout] of LAYOUTS.entries()) {
  test.describe(`Ready for dev at ${layout.name}`, () => {
    test.use({ colorScheme: layout.colorScheme, viewport: layout.viewport, serviceWorkers: 'block' });

    test('a frame marked Ready for dev in Figma shows on its card and moves it, live', async ({
      page,
      baseURL,
      fakeFigma,
      figmaOwner,
    }, testInfo) => {
      const owner = await figmaOwner({
        firstname: 'Dana',
        lastname: 'Dev',
        organization: `Handoff Studio ${index}`,
        teamId: layout.team,
      });
      const projectId = await createProject(page, baseURL, owner.organizationId, 'Checkout', 'CHK');
      const { task_id: taskId } = await postTask(page, baseURL, projectId, {
        title: 'Build the payment step',
      });
      const headers = { origin: baseURL };
      const nodeId = `70:${index + 1}`;
      const linked = await page.request.post(`/api/tasks/${taskId}/figma-nodes`, {
        headers,
        data: { url: `https://www.figma.com/design/${SAMPLE_FILE_KEY}/Checkout?node-id=70-${index + 1}` },
      });
      expect(linked.status()).toBe(201);
      // Figgle reads the new link's Dev Mode status from Figma (none yet).
      await expect
        .poll(() =>
          fakeFigma
            .requests('GET', /\/nodes$/)
            .some((request) => request.query.ids!.split(',').includes(nodeId)),
        )
        .toBe(true);

      // The rule, set as a person would: Project settings › Figma.
      await page.goto(`/project/${projectId}/kanban`);
      await page.getByRole('button', { name: 'Project settings' }).click();
      const settings = page.getByRole('dialog', { name: 'Project settings' });
      await settings.getByLabel('When a linked design becomes Ready for dev').click();
      await page.getByRole('option', { name: 'Move it to Doing' }).click();
      await expect(page.getByText('Ready for dev moves tasks to Doing.')).toBeVisible();
      const markCompleted = settings.getByRole('checkbox', {
        name: 'When the task is Done, mark the design Completed',
      });
      await expect(markCompleted).toBeDisabled();
      await expect(settings).toContainText(
        "Figma's API does not let other apps set a design's Dev Mode status",
      );
      await page.keyboard.press('Escape');
      await expect(settings).toHaveCount(0);

      const card = page.getByRole('article', { name: '#1 Build the payment step' });
      await expect(page.getByRole('region', { name: 'To Do' }).getByRole('article')).toHaveCount(1);
      await expect(card.getByText('Design: Ready for dev')).toHaveCount(0);

      // The designer marks the frame in Figma; Figma sends DEV_MODE_STATUS_UPDATE.
      const delivery = await fakeFigma.deliverDevModeStatus({ nodeId, status: 'READY_FOR_DEV' });
      expect(delivery.status).toBe(200);
      await expect(card.getByText('Design: Ready for dev')).toBeVisible({ timeout: 1_000 });
      await expect(page.getByRole('region', { name: 'Doing' }).getByRole('article')).toHaveCount(1, {
        timeout: 1_000,
      });
      await page.screenshot({ path: testInfo.outputPath('ready-for-dev.png') });

      // The task page says it in its Designs section.
      await page.goto(`/task/${taskId}`);
      await expect(
        page.getByRole('region', { name: 'Designs' }).getByText('Design: Ready for dev'),
      ).toBeVisible();
    });
  });
}
