import { signUpWithOrganization } from '@figgle/test-support/api-users';
import { expect, test } from '../support/fixtures.ts';
import { createProjectWithTask } from '../support/task-page-setup.ts';

// Issue 39, item 18: the importer reads a file as soon as it is chosen; the only thing left to press
// is what the person decides. On a phone in dark mode, a file that cannot be read says why and how
// to go on, and the next file chosen is read at once.
test.use({ colorScheme: 'dark', viewport: { width: 390, height: 844 } });

test('a chosen file is read at once; a broken one says why, and the next one chosen is read', async ({
  page,
  mail,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const user = await signUpWithOrganization(page, mail, baseURL, {
    firstname: 'Rhea',
    lastname: 'Reader',
    organization: 'Reading room',
  });
  const { projectId } = await createProjectWithTask(page, baseURL, user.organizationId, {
    project: 'Shelves',
    trigram: 'SHE',
    task: 'Dust them',
  });
  await page.goto(`/project/${projectId}/import`);
  await expect(page.getByRole('heading', { name: 'Import into Shelves' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');

  const choose = async (name: string, mimeType: string, text: string) => {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'File to import' }).click();
    await (await chooser).setFiles({ name, mimeType, buffer: Buffer.from(text) });
  };

  await choose('broken.json', 'application/json', '{"lists": [,]}');
  const refused = page.getByRole('alert').filter({ hasText: 'This file cannot be imported' });
  await expect(refused).toContainText('The file is not valid JSON');
  await expect(refused).toContainText('Choose another file to try again.');
  await expect(page.getByRole('button', { name: 'Read the file' })).toHaveCount(0);

  await choose('books.csv', 'text/csv', 'Title,Status\nSort the atlases,Doing\n');
  await expect(refused).toHaveCount(0);
  const preview = page.getByRole('table', { name: 'First rows of the file' });
  await expect(preview).toContainText('Sort the atlases');
  // The page fits the phone: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
