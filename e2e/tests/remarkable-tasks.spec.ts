import { signUpWithOrganization } from '@figgle/test-support/api-users';
import { expect, test } from '../support/fixtures.ts';

/** YYYY-MM-DD of the day `days` from today, on this machine's calendar (the browser's too). */
function dayFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

test('the dashboard counts overdue tasks and the Remarkable tasks widget lists one, saying why', async ({
  page,
  mail,
  baseURL,
}) => {
  const user = await signUpWithOrganization(page, mail, baseURL, {
    firstname: 'Rema',
    lastname: 'Rkable',
    organization: 'Deadlines',
  });
  const headers = { origin: baseURL };
  const project = await page.request.post('/api/projects', {
    headers,
    data: { name: 'Deadlines', trigram: 'DDL', organization_id: user.organizationId },
  });
  const { project_id } = (await project.json()) as { project_id: string };
  for (const [title, due] of [
    ['Send the tax return', dayFromToday(-3)],
    ['Plan the retreat', dayFromToday(5)],
  ] as const) {
    const created = await page.request.post(`/api/projects/${project_id}/tasks`, {
      headers,
      data: { title },
    });
    const { task_id } = (await created.json()) as { task_id: string };
    await page.request.patch(`/api/tasks/${task_id}`, { headers, data: { due_on: due } });
  }

  await page.goto('/dashboard');
  await expect(page.getByRole('group', { name: 'Overdue' })).toContainText('1');

  const widget = page.getByRole('region', { name: 'Remarkable tasks' });
  const entry = widget.getByRole('listitem').filter({ hasText: 'Send the tax return' });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('Overdue by 3 days');
  await expect(entry).toContainText('DDL-1');
  await expect(widget.getByText('Plan the retreat')).toHaveCount(0);

  await entry.getByRole('link', { name: 'Send the tax return' }).click();
  await expect(page).toHaveURL(/\/task\//);
});
