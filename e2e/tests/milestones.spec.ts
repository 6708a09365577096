import { signUpWithOrganization } from '@figgle/test-support/api-users';
import { expect, test } from '../support/fixtures.ts';
import { inEachLook } from '../support/looks.ts';
import { createProjectWithTask } from '../support/task-page-setup.ts';
import { callApi, createTask } from './planning-support.ts';

inEachLook('milestones', ({ scheme }) => {
  test('a milestone is made, its tasks picked on the task page, and its forecast shows it at risk', async ({
    page,
    mail,
    baseURL,
  }) => {
    const mo = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Mo',
      lastname: 'Planner',
      organization: `Milestones ${scheme}`,
    });
    const { projectId, taskId } = await createProjectWithTask(page, baseURL, mo.organizationId, {
      project: 'Launch',
      trigram: 'LCH',
      task: 'Write the press release',
    });
    const others = [
      await createTask(page, baseURL, projectId, { title: 'Record the demo' }),
      await createTask(page, baseURL, projectId, { title: 'Open the sign-up page' }),
    ];

    // From the board, the project's milestones.
    await page.goto(`/project/${projectId}/kanban`);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await page.getByRole('link', { name: 'Milestones' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Milestones of Launch' })).toBeVisible();
    await expect(page.getByText('No milestone yet.')).toBeVisible();

    await page.getByRole('button', { name: 'Add a milestone' }).click();
    const form = page.getByRole('form', { name: 'New milestone' });
    await form.getByRole('textbox', { name: 'Name' }).fill('Public beta');
    // Without a day the form says what is missing, and nothing is made.
    await form.getByRole('button', { name: 'Add the milestone' }).click();
    await expect(form.getByText('Pick the day the milestone should be reached.')).toBeVisible();
    await form.getByRole('button', { name: 'Target date' }).click();
    await page.getByRole('button', { name: 'In a week' }).click();
    await form.getByRole('textbox', { name: 'Description' }).fill('What the first customers need.');
    await form.getByRole('button', { name: 'Add the milestone' }).click();
    const card = page.getByRole('listitem', { name: 'Public beta' });
    await expect(card.getByText('No tasks yet')).toBeVisible();
    await expect(card.getByText('What the first customers need.')).toBeVisible();

    // The task page puts a task in it, and its change log says so.
    await page.goto(`/task/${taskId}`);
    const details = page.getByRole('complementary', { name: 'Task details' });
    await details.getByRole('combobox', { name: 'Milestone' }).click();
    await page.getByRole('option', { name: 'Public beta' }).click();
    await expect(details.getByRole('combobox', { name: 'Milestone' })).toHaveValue('Public beta');
    await expect(page.getByRole('list', { name: 'Comments and changes' })).toContainText(
      'put the task in milestone Public beta',
    );

    // Two more tasks through the API, one of the three done: 2 open at 1 a month is 56 days.
    const milestones = (await (
      await page.request.get(`/api/projects/${projectId}/milestones`)
    ).json()) as Array<{
      milestone_id: string;
    }>;
    for (const other of others) {
      await callApi(page, baseURL, 'PUT', `/api/tasks/${other}/milestone`, {
        milestone_id: milestones[0]!.milestone_id,
      });
    }
    await callApi(page, baseURL, 'PATCH', `/api/tasks/${others[0]}`, { status: 'DONE' });

    await page.goto(`/project/${projectId}/milestones`);
    await expect(card.getByText('1 of 3 tasks done')).toBeVisible();
    await expect(card.getByText('At risk')).toBeVisible();
    await expect(card.getByText(/^Forecast: /)).toBeVisible();
    await expect(card).toContainText(
      'At the pace of the last 4 weeks (1 task finished), the 2 open tasks take about 56 days.',
    );

    // Live: a task finished elsewhere moves the figures without a reload.
    await callApi(page, baseURL, 'PATCH', `/api/tasks/${others[1]}`, { status: 'DONE' });
    await expect(card.getByText('2 of 3 tasks done')).toBeVisible();

    // The dashboard lists it among the milestones at risk.
    await page.goto('/dashboard');
    const atRisk = page.getByRole('region', { name: 'Milestones at risk' });
    await expect(atRisk.getByRole('link', { name: /Public beta/ })).toBeVisible();

    // Deleting it keeps its tasks, in no milestone.
    await page.goto(`/project/${projectId}/milestones`);
    await card.getByRole('button', { name: 'Actions for Public beta' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No milestone yet.')).toBeVisible();
    const task = (await (await page.request.get(`/api/tasks/${taskId}`)).json()) as {
      milestone_id: string | null;
    };
    expect(task.milestone_id).toBeNull();
  });
});
