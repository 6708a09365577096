import { signUpWithOrganization } from '@figgle/test-support/api-users';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { inEachLook } from '../support/looks.ts';
import { createProjectWithTask } from '../support/task-page-setup.ts';
import { createTask, dayFromToday } from './planning-support.ts';

/** A day as the date fields show it ('Nov 30, 2026'). */
function shown(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
}

/** The task's start date as the server has it. */
async function savedStart(page: Page, taskId: string): Promise<string | null> {
  const task = (await (await page.request.get(`/api/tasks/${taskId}`)).json()) as {
    start_date: string | null;
  };
  return task.start_date;
}

inEachLook("a task's start date", ({ scheme }) => {
  test('picked on the task page, kept on reload, in the change log; a start after the due date is refused', async ({
    page,
    mail,
    baseURL,
  }) => {
    const sam = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Sam',
      lastname: 'Starter',
      organization: `Start dates ${scheme}`,
    });
    const { projectId } = await createProjectWithTask(page, baseURL, sam.organizationId, {
      project: 'Starts',
      trigram: 'STA',
      task: 'First task',
    });
    const tomorrow = dayFromToday(1);
    const taskId = await createTask(page, baseURL, projectId, {
      title: 'Paint the fence',
      due_on: tomorrow,
    });

    await page.goto(`/task/${taskId}`);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    const details = page.getByRole('complementary', { name: 'Task details' });
    const start = details.getByRole('button', { name: 'Start date', exact: true });
    await expect(start).toHaveText('No start date');
    await expect(details.getByRole('button', { name: 'Due date', exact: true })).toHaveText(shown(tomorrow));

    // The same calendar and shortcuts as the due date: Today.
    const today = dayFromToday(0);
    await start.click();
    await page.getByRole('button', { name: 'Today' }).click();
    await expect(start).toHaveText(shown(today));
    const timeline = page.getByRole('list', { name: 'Comments and changes' });
    await expect(timeline).toContainText('set the start date to');
    await expect.poll(() => savedStart(page, taskId)).toBe(today);

    await page.reload();
    await expect(start).toHaveText(shown(today));
    await expect(timeline).toContainText('set the start date to');

    // In a week is after the due date (tomorrow): the server refuses, the field shows today again.
    await start.click();
    await page.getByRole('button', { name: 'In a week' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'The start date cannot be after the due date.' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('The start date of STA-2 could not be saved');
    await expect(start).toHaveText(shown(today));
    expect(await savedStart(page, taskId)).toBe(today);
    await expect(timeline).not.toContainText('changed the start date');
  });
});
