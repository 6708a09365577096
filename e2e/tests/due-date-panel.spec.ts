import { signUpWithOrganization } from '@figgle/test-support/api-users';
import { expect, test } from '../support/fixtures.ts';
import { createProjectWithTask } from '../support/task-page-setup.ts';
import { createTask } from './planning-support.ts';

test('the task page shows a due date on one line in its side panel, at desktop width and at 390 px', async ({
  page,
  mail,
  baseURL,
}) => {
  const user = await signUpWithOrganization(page, mail, baseURL, {
    firstname: 'Lena',
    lastname: 'Layout',
    organization: 'Layout Co',
  });
  const { projectId } = await createProjectWithTask(page, baseURL, user.organizationId, {
    project: 'Layout',
    trigram: 'LAY',
    task: 'First task',
  });
  const taskId = await createTask(page, baseURL, projectId, { title: 'Dated', due_on: '2026-11-30' });

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/task/${taskId}`);
    const details = page.getByRole('complementary', { name: 'Task details' });
    const date = details.getByRole('button', { name: 'Due date', exact: true });
    await expect(date).toHaveText('Nov 30, 2026');
    const time = details.getByRole('textbox', { name: 'Due time' });
    await expect(time).toBeVisible();
    // Both fields keep their one-line height: the date is not squeezed into a column of words.
    const dateBox = (await date.boundingBox())!;
    const timeBox = (await time.boundingBox())!;
    expect(dateBox.height, `at ${width} px`).toBeLessThanOrEqual(timeBox.height + 2);
    // And neither field runs past the panel.
    const panel = (await details.boundingBox())!;
    for (const box of [dateBox, timeBox]) {
      expect(box.x + box.width, `at ${width} px`).toBeLessThanOrEqual(panel.x + panel.width);
    }
  }
});
