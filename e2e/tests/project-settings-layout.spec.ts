import { signUpWithOrganization } from '@figgle/test-support/api-users';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { createProjectWithTask } from '../support/task-page-setup.ts';

// Issue 39, item 10: project settings gives the form its own Save and Cancel, then the project's
// plan settings, then the actions on the whole project, Import, Export, and Delete last, set apart. Checked at 1440 px in light mode and at
// 390 px in dark mode.

const top = async (locator: Locator) => (await locator.boundingBox())?.y ?? Number.NaN;

async function checkLayout(page: Page, mail: MailCatcher, baseURL: string, scheme: 'light' | 'dark') {
  const user = await signUpWithOrganization(page, mail, baseURL, {
    firstname: 'Lou',
    lastname: 'Layout',
    organization: `Layout ${scheme}`,
  });
  const { projectId } = await createProjectWithTask(page, baseURL, user.organizationId, {
    project: 'Arranged',
    trigram: 'ARR',
    task: 'Tidy up',
  });
  await page.goto(`/project/${projectId}/kanban`);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
  await page.getByRole('button', { name: 'Project settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Project settings' });

  // The form's own buttons are Cancel and Save, and nothing else sits beside them (the Statuses
  // section has its own small form below).
  const form = settings.locator('form').first();
  await expect(form.getByRole('button')).toHaveText(['Cancel', 'Save']);
  await expect(form.getByRole('link')).toHaveCount(0);

  // Then the statuses, the estimate scale, cycles and the Figma rule, and the actions, each in a
  // section of its own, in this order, Delete last.
  const sections = settings.locator('section');
  await expect(sections.getByRole('heading', { level: 3 })).toHaveText([
    'Statuses',
    'Estimates',
    'Cycles',
    'Figma',
    'Import',
    'Export',
    'Delete',
  ]);
  const formBottom = await top(form.getByRole('button', { name: 'Save' }));
  const importAt = await top(settings.getByRole('link', { name: 'Import' }));
  const exportAt = await top(settings.getByRole('button', { name: 'Download JSON' }));
  const deleteAt = await top(settings.getByRole('button', { name: 'Delete this project' }));
  expect(formBottom).toBeLessThan(importAt);
  expect(importAt).toBeLessThan(exportAt);
  expect(exportAt).toBeLessThan(deleteAt);

  // The dialog fits the screen's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );

  await settings.getByRole('button', { name: 'Delete this project' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath(`project-settings-${scheme}.png`) });

  // Cancel leaves the project as it was; Import opens the importer.
  await form.getByRole('textbox', { name: 'Name' }).fill('Not saved');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(settings).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Arranged', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Project settings' }).click();
  await settings.getByRole('link', { name: 'Import' }).click();
  await expect(page.getByRole('heading', { name: 'Import into Arranged' })).toBeVisible();
}

test.describe('project settings at 1440 px, light', () => {
  test.use({ colorScheme: 'light', viewport: { width: 1440, height: 900 } });
  test('the form, then Import, Export and Delete', async ({ page, mail, baseURL }) => {
    await checkLayout(page, mail, baseURL, 'light');
  });
});

test.describe('project settings at 390 px, dark', () => {
  test.use({ colorScheme: 'dark', viewport: { width: 390, height: 844 } });
  test('the form, then Import, Export and Delete', async ({ page, mail, baseURL }) => {
    await checkLayout(page, mail, baseURL, 'dark');
  });
});
