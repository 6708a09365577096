import { signUpWithOrganization } from '@figgle/test-support/api-users';
import { expect, test } from '../support/fixtures.ts';
import { inEachLook } from '../support/looks.ts';
import { createProjectWithTask } from '../support/task-page-setup.ts';
import { axeCheck } from './accessibility-support.ts';
import { createTask } from './planning-support.ts';

/** A day as the task page's due date shows it: "Dec 7, 2026". */
function shown(day: Date): string {
  return day.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

inEachLook('recurring tasks', ({ scheme }) => {
  test('a task made to repeat weekly and completed has a next one with next week’s date', async ({
    page,
    mail,
    baseURL,
  }) => {
    const rae = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Rae',
      lastname: 'Routine',
      organization: `Routines ${scheme}`,
    });
    const { projectId } = await createProjectWithTask(page, baseURL, rae.organizationId, {
      project: 'Chores',
      trigram: 'CHO',
      task: 'Something else',
    });
    const today = new Date();
    const todayDay = today.toISOString().slice(0, 10);
    const nextWeek = new Date(Date.parse(`${todayDay}T00:00:00Z`) + 7 * 86_400_000);
    const weekday = today.toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });
    const taskId = await createTask(page, baseURL, projectId, {
      title: 'Water the plants',
      due_on: todayDay,
    });

    // The owner sets the organization's time zone, which repetitions count days in.
    await page.goto(`/settings/organization/${rae.organizationId}`);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    const zone = page.getByRole('combobox', { name: 'Time zone' });
    await expect(zone).toHaveValue('UTC');
    await zone.fill('Europe/Paris');
    await page.getByRole('option', { name: 'Europe/Paris' }).click();
    await expect(page.getByText('Organization has been successfully updated!')).toBeVisible();

    await page.goto(`/task/${taskId}`);
    const details = page.getByRole('complementary', { name: 'Task details' });
    const repetition = details.getByRole('region', { name: 'Repetition' });
    await repetition.getByRole('combobox', { name: 'Repeat' }).click();
    await page.getByRole('option', { name: 'Weekly' }).click();
    await expect(repetition.getByText(`Repeats every ${weekday}`)).toBeVisible();
    await expect(repetition.getByRole('checkbox', { name: weekday })).toBeChecked();
    await expect(repetition.getByText(/^Next: .* · times in Europe\/Paris$/)).toBeVisible();
    // The repetition's controls read well in this scheme and width (contrast, names).
    const { violations } = await axeCheck(page);
    expect(violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.target}`)).toEqual([]);

    // Completed: the durable job makes the next one, and this page links to it live.
    await details.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Done', exact: true }).click();
    const next = repetition.getByRole('link', { name: /^CHO-\d+$/ });
    await expect(next).toBeVisible();
    await expect(repetition.getByRole('combobox', { name: 'Repeat' })).toHaveValue('Does not repeat');
    await next.click();

    await expect(page.getByRole('heading', { name: 'Water the plants' })).toBeVisible();
    await expect(details.getByRole('combobox', { name: 'Status' })).toHaveValue('To Do');
    await expect(details.getByRole('button', { name: 'Due date', exact: true })).toHaveText(shown(nextWeek));
    await expect(repetition.getByText(`Repeats every ${weekday}`)).toBeVisible();

    // Stopping is one click.
    await repetition.getByRole('button', { name: 'Stop repeating' }).click();
    await expect(repetition.getByRole('combobox', { name: 'Repeat' })).toHaveValue('Does not repeat');
    await expect(repetition.getByText(/^Repeats /)).toHaveCount(0);
  });
});
