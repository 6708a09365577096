import { signUpWithOrganization } from '@figgle/test-support/api-users';
import { SAMPLE_TEAM_ID } from '@figgle/test-support/fake-figma';
import { connectFigmaTeam } from '../support/figma-setup.ts';
import { testWithFakeFigma } from '../support/figma-test.ts';
import { expect } from '../support/fixtures.ts';
import { LAYOUTS } from '../support/looks.ts';
import { createProjectWithTask } from '../support/task-page-setup.ts';

// Links back into Figma (docs/figma-api.md#dev-resources): a design linked on a file the Figma token
// may not edit shows Figma's refusal under the design, with "Try again"; once Figma allows it, "Try
// again" adds the link and the message goes away. At 1440 px light and dark, and at 390 px.

const TOKEN = 'figd_e2e-dev-resources-token-Q2m8';
const READ_ONLY_FILE = 'BrandLibrary0000000042';
const test = testWithFakeFigma(TOKEN);

for (const layout of LAYOUTS) {
  test.describe(`a link Figma refused, at ${layout.name}`, () => {
    test.use({ colorScheme: layout.colorScheme, viewport: layout.viewport, serviceWorkers: 'block' });

    test('shows why under the design, and "Try again" adds it once Figma allows', async ({
      page,
      mail,
      baseURL,
      fakeFigma,
    }, testInfo) => {
      const owner = await signUpWithOrganization(page, mail, baseURL, {
        firstname: 'Rita',
        lastname: 'Refused',
        organization: `Refusals ${layout.colorScheme} ${layout.viewport.width}`,
      });
      await connectFigmaTeam(page, baseURL, owner.organizationId, { token: TOKEN, teamId: SAMPLE_TEAM_ID });
      const { taskId, reference } = await createProjectWithTask(page, baseURL, owner.organizationId, {
        project: 'Brand',
        trigram: 'BRD',
        task: 'Logo on dark backgrounds',
      });
      fakeFigma.addFile(READ_ONLY_FILE, 'Brand library');
      fakeFigma.devResources.readOnlyFiles.add(READ_ONLY_FILE);
      const nodeId = `${layout.viewport.width}:${layout.colorScheme === 'dark' ? 2 : 1}`;

      await page.goto(`/task/${taskId}`);
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', layout.colorScheme);
      const designs = page.getByRole('region', { name: 'Designs' });
      const field = designs.getByRole('textbox', { name: 'Figma link to a frame' });
      await expect(field).toBeVisible({ timeout: 30_000 });
      await field.fill(
        `https://www.figma.com/design/${READ_ONLY_FILE}/Brand?node-id=${nodeId.replace(':', '-')}&t=Zz-1`,
      );
      await field.press('Enter');

      const design = designs.getByRole('listitem', { name: `Design ${nodeId}` });
      const status = design.getByRole('status', { name: 'Link in Figma' });
      await expect(status).toContainText('cannot edit this file');
      const retry = status.getByRole('button', { name: 'Try again' });
      await expect(retry).toBeVisible();
      const box = await design.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(layout.viewport.width);
      await page.screenshot({
        path: testInfo.outputPath(
          `figma-dev-resource-refused-${layout.colorScheme}-${layout.viewport.width}.png`,
        ),
        fullPage: true,
      });

      fakeFigma.devResources.readOnlyFiles.delete(READ_ONLY_FILE);
      await retry.click();
      await expect(status).toHaveCount(0);
      // What the server says once the job has run: in Figma, and nothing shown under the design.
      await expect
        .poll(async () => {
          const states = await (await page.request.get(`/api/tasks/${taskId}/figma-dev-resources`)).json();
          return (states as Array<{ state: string }>)[0]?.state;
        })
        .toBe('linked');
      await expect(status).toHaveCount(0);
      expect(fakeFigma.devResources.on(READ_ONLY_FILE, nodeId)).toEqual([
        expect.objectContaining({
          name: `BRD-${reference} Logo on dark backgrounds`,
          url: `${baseURL}/task/${taskId}`,
        }),
      ]);
    });
  });
}
