import AxeBuilder from '@axe-core/playwright';
import { signUpWithOrganization } from '@figgle/test-support/api-users';
import {
  builtPluginUi,
  messagesFromUi,
  openPluginInFakeFigma,
  selectInFigma,
} from '../support/figma-plugin-host.ts';
import { expect, test } from '../support/fixtures.ts';
import { createProjectWithTask, RED_PIXEL_PNG } from '../support/task-page-setup.ts';

// The Figma plugin's interface (apps/figma-plugin, built ui.html) against this real Figgle server, in a
// page that plays Figma: the iframe has Figma's null Origin, and the code.ts side answers through
// postMessage. Connect with an API token, create a task from the selected frame, change its status,
// open it, see it on the board; a revoked token sends the plugin back to Connect.
const layouts = [
  { name: 'light', theme: 'figma-light', colorScheme: 'light', viewport: { width: 1280, height: 900 } },
  { name: 'dark', theme: 'figma-dark', colorScheme: 'dark', viewport: { width: 1280, height: 900 } },
  // In Dev Mode's Inspect panel, which is narrow.
  {
    name: '390 px, Dev Mode',
    theme: 'figma-light',
    colorScheme: 'light',
    viewport: { width: 390, height: 844 },
    place: { editorType: 'dev', mode: 'inspect' },
  },
] as const;

const FILE_KEY = 'PluginJourney1234';
const selection = { nodeId: '12:34', name: 'Checkout hero', nodeIds: ['12:34', '12:1', '0:1'] };

for (const layout of layouts) {
  test.describe(`Figma plugin, ${layout.name}`, () => {
    test.use({ colorScheme: layout.colorScheme, viewport: layout.viewport });

    test('connect, create a task from the selected frame, change it, open it, see it on the board', async ({
      page,
      context,
      mail,
      baseURL,
    }, testInfo) => {
      const user = await signUpWithOrganization(page, mail, baseURL, {
        firstname: 'Dana',
        lastname: 'Designer',
        organization: 'Plugin Works',
      });
      const { projectId } = await createProjectWithTask(page, baseURL, user.organizationId, {
        project: 'Website',
        trigram: 'WEB',
        task: 'Older task',
      });
      const created = await page.request.post('/api/me/api-tokens', {
        headers: { origin: baseURL },
        data: { name: 'Figma plugin', scope: 'read-write' },
      });
      expect(created.status()).toBe(201);
      const { token, api_token_id: tokenId } = (await created.json()) as {
        token: string;
        api_token_id: string;
      };

      const figma = await context.newPage();
      const plugin = await openPluginInFakeFigma(figma, {
        html: builtPluginUi(),
        theme: layout.theme,
        fileKey: FILE_KEY,
        selection,
        png: RED_PIXEL_PNG,
        place: 'place' in layout ? layout.place : undefined,
      });

      // Connect, with the keyboard: the address, the token, Enter.
      await expect(plugin.getByRole('heading', { name: 'Connect to Figgle' })).toBeVisible();
      await plugin.getByRole('textbox', { name: 'Figgle address' }).fill(baseURL);
      await plugin.getByRole('textbox', { name: 'Figgle address' }).press('Tab');
      await expect(plugin.getByLabel('API token')).toBeFocused();
      await plugin.getByLabel('API token').fill(token);
      await plugin.getByLabel('API token').press('Enter');
      await expect(plugin.getByText(`Connected to ${baseURL}`)).toBeVisible();
      await expect(
        plugin.getByText('place' in layout ? 'Dev Mode' : 'Design mode', { exact: true }),
      ).toBeVisible();
      // Focus moves from the vanished form into the new screen: the new task's title.
      await expect(plugin.getByRole('textbox', { name: 'Title' })).toBeFocused();
      expect(await messagesFromUi(figma, 'save-connection')).toEqual([
        { type: 'save-connection', connection: { serverUrl: baseURL, token } },
      ]);

      // The selected frame has no task yet; the new task's title is the frame's name.
      await expect(plugin.getByText('Checkout hero', { exact: true })).toBeVisible();
      await expect(plugin.getByText('No task is linked to this layer or its parents yet.')).toBeVisible();
      const title = plugin.getByRole('textbox', { name: 'Title' });
      await expect(title).toHaveValue('Checkout hero');
      await expect(plugin.getByRole('combobox', { name: 'Project' })).toHaveValue(projectId);
      // Escape puts the frame's name back after typing.
      await title.fill('Something else');
      await title.press('Escape');
      await expect(title).toHaveValue('Checkout hero');

      await plugin.getByRole('button', { name: 'Create task' }).click();
      await expect(plugin.getByText('Task created: “Checkout hero”.')).toBeVisible();
      expect(await messagesFromUi(figma, 'export-image')).toHaveLength(1);
      const item = plugin.getByRole('listitem').filter({ hasText: 'Checkout hero' });
      await expect(item).toContainText('WEB-2');
      await expect(item).toContainText('Unassigned');
      await expect(item).toContainText('No due date');
      await expect(item.getByRole('combobox', { name: 'Status of WEB-2' })).toHaveValue('TODO');
      await figma.screenshot({
        path: testInfo.outputPath(`figma-plugin-${layout.name.replace(/\W+/g, '-')}.png`),
      });

      // Axe finds nothing to fix in the plugin's interface (inside its frame), in this theme.
      const axe = await new AxeBuilder({ page: figma }).analyze();
      expect(
        axe.violations.map(
          (violation) =>
            `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
        ),
      ).toEqual([]);

      // Change its status from the plugin, then open it in Figgle.
      await item.getByRole('combobox', { name: 'Status of WEB-2' }).selectOption('Doing');
      await expect(plugin.getByText('WEB-2 is now Doing.')).toBeVisible();
      await item.getByRole('button', { name: 'Open WEB-2 in Figgle' }).click();
      await expect
        .poll(async () => (await messagesFromUi(figma, 'open-url')).map((message) => message.url))
        .toEqual([expect.stringMatching(new RegExp(`^${baseURL}/task/[0-9a-f-]{36}$`))]);
      const [opened] = await messagesFromUi(figma, 'open-url');

      // In Figgle: on the board in Doing, and the task page shows the frame's image.
      await page.goto(`/project/${projectId}/kanban`);
      await expect(
        page.getByRole('region', { name: 'Doing' }).getByRole('article', { name: /Checkout hero/ }),
      ).toBeVisible();
      await page.goto(String(opened?.url).slice(baseURL.length));
      await expect(page.getByRole('textbox', { name: /title/i })).toHaveValue('Checkout hero');
      await expect(page.locator('img[src^="/api/uploads/"]').first()).toBeVisible();

      // Another layer of the frame's parent lists the task too (linked to a parent).
      await selectInFigma(figma, {
        nodeId: '12:99',
        name: 'Price',
        nodeIds: ['12:99', '12:34', '12:1', '0:1'],
      });
      await expect(plugin.getByText('Price', { exact: true })).toBeVisible();
      await expect(plugin.getByRole('listitem').filter({ hasText: 'Checkout hero' })).toBeVisible();

      // A layer whose image cannot be exported: the task is made and linked, and the plugin says
      // what did not happen, so nobody makes it twice.
      await selectInFigma(figma, { nodeId: '99:1', name: 'Vanishing card', nodeIds: ['99:1', '0:1'] });
      await expect(title).toHaveValue('Vanishing card');
      await title.press('Enter');
      await expect(
        plugin.getByRole('status').filter({ hasText: 'Task “Vanishing card” created, but not finished' }),
      ).toContainText('The layer’s image could not be exported: The layer is gone: select it again.');
      await expect(plugin.getByRole('listitem').filter({ hasText: 'Vanishing card' })).toContainText('WEB-3');

      // A revoked token: the next question is refused and the plugin asks to connect again.
      const revoked = await page.request.delete(`/api/me/api-tokens/${tokenId}`, {
        headers: { origin: baseURL },
      });
      expect(revoked.status()).toBe(204);
      await selectInFigma(figma, selection);
      await expect(plugin.getByRole('heading', { name: 'Connect to Figgle' })).toBeVisible();
      await expect(plugin.getByRole('alert')).toContainText('Figgle refused this API token');
    });
  });
}
