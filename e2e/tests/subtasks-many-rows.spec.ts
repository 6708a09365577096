import { signUpWithOrganization } from '@figgle/test-support/api-users';
import { expect, test } from '../support/fixtures.ts';
import { createProjectWithTask, postTask } from '../support/task-page-setup.ts';

// A parent with more sub-tasks than the page's first frame draws complete (ROWS_WITH_FIELDS_FIRST in
// subtask-list.tsx): the rows after it come with their name first, then their fields right after the
// paint. The last row's fields are there, and a change made in them is saved.

const SUBTASKS = 30;

test('every row of a long sub-task list gets its fields, and the last one changes its status in place', async ({
  page,
  mail,
  baseURL,
}) => {
  const user = await signUpWithOrganization(page, mail, baseURL, {
    firstname: 'Lena',
    lastname: 'Long',
    organization: 'Longlist',
  });
  const { projectId, taskId } = await createProjectWithTask(page, baseURL, user.organizationId, {
    project: 'Launch',
    trigram: 'LAU',
    task: 'Launch checklist',
  });
  const references: number[] = [];
  for (let index = 1; index <= SUBTASKS; index += 1) {
    const made = await postTask(page, baseURL, projectId, { title: `Step ${index}`, parent_id: taskId });
    references.push(made.reference);
  }

  await page.goto(`/task/${taskId}`);
  const rows = page.getByRole('list', { name: 'Sub-tasks' }).getByRole('listitem');
  await expect(rows).toHaveCount(SUBTASKS);
  const statuses = page
    .getByRole('list', { name: 'Sub-tasks' })
    .getByRole('combobox', { name: /^Status of / });
  await expect(statuses).toHaveCount(SUBTASKS);

  const last = `LAU-${references.at(-1)}`;
  const lastRow = rows.filter({ hasText: `Step ${SUBTASKS}` });
  await lastRow.scrollIntoViewIfNeeded();
  await expect(lastRow.getByRole('button', { name: `Due date of ${last}` })).toBeVisible();
  await page.getByRole('combobox', { name: `Status of ${last}` }).selectOption({ label: 'Doing' });
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get(`/api/tasks/${taskId}/structure`)).json()) as {
            subtasks: Array<{ title: string; status: string }>;
          }
        ).subtasks.find((subtask) => subtask.title === `Step ${SUBTASKS}`)?.status,
    )
    .toBe('DOING');
  await page.screenshot({ path: test.info().outputPath('long-subtask-list-end.png') });
});
