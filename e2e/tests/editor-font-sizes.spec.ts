import { signUpWithOrganization } from '@figgle/test-support/api-users';
import { expect, test } from '../support/fixtures.ts';
import { createProjectWithTask } from '../support/task-page-setup.ts';

// Issue 39, item 21: text a description marks small, large or huge shows at the spec's 10, 18 and
// 32 px, not at Quill's own em sizes. Checked at 1440 px light and 390 px dark.

for (const { scheme, width } of [
  { scheme: 'light', width: 1440 },
  { scheme: 'dark', width: 390 },
] as const) {
  test.describe(`the description's font sizes at ${width} px, ${scheme}`, () => {
    test.use({ colorScheme: scheme, viewport: { width, height: 900 } });
    test('small, large and huge text read at 10, 18 and 32 px', async ({ page, mail, baseURL }) => {
      const user = await signUpWithOrganization(page, mail, baseURL, {
        firstname: 'Fon',
        lastname: 'Sizes',
        organization: `Type ${scheme}`,
      });
      const { taskId } = await createProjectWithTask(page, baseURL, user.organizationId, {
        project: 'Typesetting',
        trigram: 'TYP',
        task: 'Mixed sizes',
      });
      const saved = await page.request.patch(`/api/tasks/${taskId}/content`, {
        headers: { origin: baseURL },
        data: {
          content_json: {
            ops: [
              { insert: 'Fine print', attributes: { size: 'small' } },
              { insert: ' then ' },
              { insert: 'a lead', attributes: { size: 'large' } },
              { insert: ' and ' },
              { insert: 'a banner', attributes: { size: 'huge' } },
              { insert: '\n' },
            ],
          },
        },
      });
      expect(saved.status()).toBe(200);

      await page.goto(`/task/${taskId}`);
      const sizeOf = (text: string) =>
        page
          .locator('.ql-editor')
          .getByText(text, { exact: true })
          .evaluate((element) => getComputedStyle(element).fontSize);
      await expect(page.locator('.ql-editor').getByText('a banner', { exact: true })).toBeVisible();
      expect(await sizeOf('Fine print')).toBe('10px');
      expect(await sizeOf('a lead')).toBe('18px');
      expect(await sizeOf('a banner')).toBe('32px');
    });
  });
}
