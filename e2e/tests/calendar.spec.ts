import { signUpWithOrganization } from '@figgle/test-support/api-users';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';

const pad = (value: number) => String(value).padStart(2, '0');
/** A day of the current month (the month the calendar opens on), as YYYY-MM-DD. */
function dayOfThisMonth(date: number): string {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(date)}`;
}
/** 'November 12, 2026', as a day cell names itself. */
function dayWords(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
}

const dayCell = (page: Page, day: string) => page.getByRole('cell', { name: new RegExp(dayWords(day)) });

async function seedProject(page: Page, baseURL: string, organizationId: string) {
  const headers = { origin: baseURL };
  const project = await page.request.post('/api/projects', {
    headers,
    data: { name: 'Festival', trigram: 'FES', organization_id: organizationId },
  });
  const { project_id } = (await project.json()) as { project_id: string };
  const addTask = async (title: string, due: Record<string, string> = {}) => {
    const created = await page.request.post(`/api/projects/${project_id}/tasks`, {
      headers,
      data: { title },
    });
    const { task_id } = (await created.json()) as { task_id: string };
    if (Object.keys(due).length > 0) {
      const patched = await page.request.patch(`/api/tasks/${task_id}`, { headers, data: due });
      expect(patched.status(), await patched.text()).toBe(200);
    }
    return task_id;
  };
  return { projectId: project_id, addTask };
}

async function readTask(page: Page, taskId: string) {
  return (await (await page.request.get(`/api/tasks/${taskId}`)).json()) as {
    due_on: string | null;
    due_at: string | null;
  };
}

/** A person's drag with the mouse: press on the chip, move a little, then to the target, release. */
async function drag(page: Page, source: Locator, target: Locator) {
  const from = (await source.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + 12, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 24, from.y + from.height / 2, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
}

const chip = (scope: Page | Locator, title: string) => scope.getByRole('listitem').filter({ hasText: title });

test.describe('the calendar view', () => {
  // The whole month in view: a drag aimed at a day near the window's bottom edge made the board's
  // drag-and-drop scroll the page under the pointer (its auto-scroll), by more the slower the machine.
  test.use({ viewport: { width: 1280, height: 1000 } });

  test('a task dragged to another day keeps its new date after a reload', async ({ page, mail, baseURL }) => {
    const user = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Cal',
      lastname: 'Endar',
      organization: 'Dates',
    });
    const { projectId, addTask } = await seedProject(page, baseURL, user.organizationId);
    const from = dayOfThisMonth(10);
    const to = dayOfThisMonth(17);
    const taskId = await addTask('Write the invitation', { due_on: from });

    await page.goto(`/project/${projectId}/list`);
    await page.getByRole('link', { name: 'Calendar view' }).click();
    await expect(page).toHaveURL(/\/calendar$/);
    await expect(chip(dayCell(page, from), 'Write the invitation')).toBeVisible();

    await drag(page, chip(dayCell(page, from), 'Write the invitation'), dayCell(page, to));
    await expect(chip(dayCell(page, to), 'Write the invitation')).toBeVisible();
    await expect(chip(dayCell(page, from), 'Write the invitation')).toHaveCount(0);
    await expect.poll(async () => (await readTask(page, taskId)).due_on).toBe(to);

    await page.reload();
    await expect(chip(dayCell(page, to), 'Write the invitation')).toBeVisible();
    await expect(chip(dayCell(page, from), 'Write the invitation')).toHaveCount(0);
  });

  test('a task without a date is dragged from the side list onto a day; a timed task keeps its time', async ({
    page,
    mail,
    baseURL,
  }) => {
    const user = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Nora',
      lastname: 'Nodate',
      organization: 'Someday',
    });
    const { projectId, addTask } = await seedProject(page, baseURL, user.organizationId);
    const undated = await addTask('Pick a venue');
    const timedAt = new Date();
    timedAt.setDate(5);
    timedAt.setHours(14, 30, 0, 0);
    const timed = await addTask('Call the band', { due_at: timedAt.toISOString() });

    await page.goto(`/project/${projectId}/calendar`);
    const side = page.getByRole('complementary', { name: 'No date' });
    await expect(chip(side, 'Pick a venue')).toBeVisible();

    const target = dayOfThisMonth(20);
    await drag(page, chip(side, 'Pick a venue'), dayCell(page, target));
    await expect(chip(dayCell(page, target), 'Pick a venue')).toBeVisible();
    await expect(chip(side, 'Pick a venue')).toHaveCount(0);
    await expect.poll(async () => (await readTask(page, undated)).due_on).toBe(target);

    await drag(
      page,
      chip(dayCell(page, dayOfThisMonth(5)), 'Call the band'),
      dayCell(page, dayOfThisMonth(6)),
    );
    await expect(chip(dayCell(page, dayOfThisMonth(6)), 'Call the band')).toBeVisible();
    await expect
      .poll(async () => {
        const dueAt = (await readTask(page, timed)).due_at;
        if (!dueAt) return null;
        const at = new Date(dueAt);
        return [at.getDate(), at.getHours(), at.getMinutes()];
      })
      .toEqual([6, 14, 30]);

    await page.reload();
    await expect(chip(dayCell(page, target), 'Pick a venue')).toBeVisible();
    await expect(chip(side, 'Pick a venue')).toHaveCount(0);
  });

  test('the project may open on its calendar', async ({ page, mail, baseURL }) => {
    const user = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Dee',
      lastname: 'Fault',
      organization: 'Views',
    });
    const { projectId } = await seedProject(page, baseURL, user.organizationId);
    await page.goto(`/project/${projectId}/list`);
    await page.getByRole('button', { name: 'Project settings' }).click();
    await page.getByRole('radio', { name: 'Calendar' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.goto('/projects');
    await page
      .getByRole('link', { name: /Festival/ })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/project/${projectId}/calendar$`));
    await expect(
      page.getByRole('table', { name: new RegExp(String(new Date().getFullYear())) }),
    ).toBeVisible();
  });
});
