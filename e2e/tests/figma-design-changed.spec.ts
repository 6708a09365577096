import { signUpWithOrganization } from '@figgle/test-support/api-users';
import { SAMPLE_TEAM_ID } from '@figgle/test-support/fake-figma';
import { connectFigmaTeam } from '../support/figma-setup.ts';
import { testWithFakeFigma } from '../support/figma-test.ts';
import { expect } from '../support/fixtures.ts';
import { LAYOUTS } from '../support/looks.ts';
import { createProjectWithTask } from '../support/task-page-setup.ts';
import { axeCheck } from './accessibility-support.ts';

// "Design changed" (docs/product.md#design-changed): Figma saves a version in which a linked frame
// looks different; the card says so, and the task page opens the comparison, before | after, with
// the version's name and author and a link to that version in Figma. At 1440 px light and dark,
// and at 390 px.

const TOKEN = 'figd_e2e-design-changed-token-K7p2';
const FILE_KEY = 'CheckoutFlow0000000077';
const test = testWithFakeFigma(TOKEN);

for (const layout of LAYOUTS) {
  test.describe(`a changed design at ${layout.name}`, () => {
    test.use({ colorScheme: layout.colorScheme, viewport: layout.viewport, serviceWorkers: 'block' });

    test('shows on the card, compares before and after, and goes once the assignee has seen it', async ({
      page,
      mail,
      baseURL,
      fakeFigma,
    }, testInfo) => {
      const owner = await signUpWithOrganization(page, mail, baseURL, {
        firstname: 'Ada',
        lastname: 'Designer',
        organization: `Changes ${layout.colorScheme} ${layout.viewport.width}`,
      });
      await connectFigmaTeam(page, baseURL, owner.organizationId, { token: TOKEN, teamId: SAMPLE_TEAM_ID });
      const { taskId, projectId, reference } = await createProjectWithTask(
        page,
        baseURL,
        owner.organizationId,
        {
          project: 'Checkout',
          trigram: 'CHK',
          task: 'Pay button hover state',
        },
      );
      fakeFigma.addFile(FILE_KEY, 'Checkout flow');
      const nodeId = `${layout.viewport.width}:${layout.colorScheme === 'dark' ? 2 : 1}`;
      const linked = await page.request.post(`/api/tasks/${taskId}/figma-nodes`, {
        headers: { origin: baseURL },
        data: {
          url: `https://www.figma.com/design/${FILE_KEY}/Checkout?node-id=${nodeId.replace(':', '-')}`,
        },
      });
      expect(linked.status()).toBe(201);

      // In Figma: a version, the frame redrawn, and a named version Figma tells Figgle of.
      const soon = (seconds: number) => new Date(Date.now() + seconds * 1000);
      fakeFigma.history.createVersion(FILE_KEY, { label: 'Before the review', at: soon(2) });
      fakeFigma.history.changeNode(FILE_KEY, nodeId);
      const version = fakeFigma.history.createVersion(FILE_KEY, {
        label: 'Hover states v3',
        handle: 'Grace Hopper',
        at: soon(3),
      });
      const delivered = await fakeFigma.deliverEvent('FILE_VERSION_UPDATE', {
        file_key: FILE_KEY,
        file_name: 'Checkout flow',
        version_id: version.id,
        created_at: version.created_at,
      });
      expect(delivered.status).toBe(200);

      await page.goto(`/project/${projectId}/kanban`);
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', layout.colorScheme);
      const card = page.getByRole('article', { name: `#${reference} Pay button hover state` });
      await expect(card.getByText('Design changed')).toBeVisible({ timeout: 30_000 });

      await page.goto(`/task/${taskId}`);
      const designs = page.getByRole('region', { name: 'Designs' });
      await expect(designs.getByText(/^Design changed/)).toBeVisible({ timeout: 30_000 });
      await expect(designs.getByText(`Frame ${nodeId}: Hover states v3 by Grace Hopper`)).toBeVisible();
      await designs.getByRole('button', { name: `Compare frame ${nodeId} before and after` }).click();

      const dialog = page.getByRole('dialog', { name: 'Design changed' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText('Hover states v3')).toBeVisible();
      await expect(dialog.getByText(/by Grace Hopper/)).toBeVisible();
      for (const name of [`Frame ${nodeId} as last seen`, `Frame ${nodeId} in Hover states v3`]) {
        const image = dialog.getByRole('img', { name });
        await expect(image).toBeVisible();
        await expect
          .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
          .toBeGreaterThan(0);
        const box = await image.boundingBox();
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(layout.viewport.width);
      }
      const inFigma = dialog.getByRole('link', { name: 'Open this version in Figma' });
      await expect(inFigma).toHaveAttribute(
        'href',
        `https://www.figma.com/design/${FILE_KEY}/?version-id=${version.id}&node-id=${nodeId.replace(':', '-')}`,
      );
      await expect(inFigma).toHaveAttribute('target', '_blank');
      // The comparison reads well in this scheme and width (contrast, names).
      const { violations } = await axeCheck(page);
      const blocking = violations.filter((violation) =>
        ['serious', 'critical'].includes(violation.impact ?? ''),
      );
      expect(blocking.map((violation) => violation.id)).toEqual([]);
      await page.screenshot({
        path: testInfo.outputPath(`figma-design-changed-${layout.colorScheme}-${layout.viewport.width}.png`),
        fullPage: true,
      });
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);

      // Assigned to it while she looks at the task, Ada has seen the change, and the card's mark goes.
      const me = (await (await page.request.get('/api/me')).json()) as { user_id: string };
      const assigned = await page.request.patch(`/api/tasks/${taskId}`, {
        headers: { origin: baseURL },
        data: { assignee_id: me.user_id },
      });
      expect(assigned.status()).toBe(200);
      // The open page learns of the assignment live and counts as her seeing it (a reload here would
      // race that: the page may have told the server before it reloads). It keeps the change for this
      // visit; the server lists it no more.
      await expect(
        page.getByRole('complementary', { name: 'Task details' }).getByRole('combobox', { name: 'Assignee' }),
      ).toHaveValue(/Ada/);
      await expect(designs.getByText(/^Design changed/)).toBeVisible();
      await expect
        .poll(
          async () =>
            ((await (await page.request.get(`/api/tasks/${taskId}/design-changes`)).json()) as []).length,
        )
        .toBe(0);
      await page.goto(`/project/${projectId}/kanban`);
      await expect(card).toBeVisible({ timeout: 30_000 });
      await expect(card.getByText('Design changed')).toHaveCount(0);
    });
  });
}
