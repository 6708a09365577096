import { signUpWithOrganization } from '@figgle/test-support/api-users';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { liftFocusedCard } from '../support/keyboard.ts';

async function seedTask(page: Page, baseURL: string, organizationId: string) {
  const headers = { origin: baseURL };
  const project = await page.request.post('/api/projects', {
    headers,
    data: { name: 'Launch', trigram: 'LCH', organization_id: organizationId },
  });
  const { project_id } = (await project.json()) as { project_id: string };
  const task = await page.request.post(`/api/projects/${project_id}/tasks`, {
    headers,
    data: { title: 'Prepare the launch' },
  });
  return { projectId: project_id, taskId: ((await task.json()) as { task_id: string }).task_id };
}

/** The checklist's item texts, top to bottom, as the checkboxes name them. */
async function itemsOf(page: Page): Promise<string[]> {
  return page
    .getByRole('list', { name: 'Checklist items' })
    .getByRole('checkbox')
    .evaluateAll((boxes) =>
      boxes
        .map((box) => ({ label: box.getAttribute('aria-label') ?? '', top: box.getBoundingClientRect().top }))
        .sort((a, b) => a.top - b.top)
        .map((box) => box.label),
    );
}

test.describe('the checklist of a task', () => {
  test('items are added with Enter, checked, reordered by keyboard, edited, and kept after a reload', async ({
    page,
    mail,
    baseURL,
  }) => {
    const user = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Cleo',
      lastname: 'Check',
      organization: 'Lists',
    });
    const { projectId, taskId } = await seedTask(page, baseURL, user.organizationId);
    await page.goto(`/task/${taskId}`);

    const add = page.getByRole('textbox', { name: 'Add an item' });
    for (const text of ['Book the room', 'Print the posters', 'Order the cake']) {
      await add.fill(text);
      await add.press('Enter');
      await expect(add).toHaveValue('');
    }
    await expect.poll(() => itemsOf(page)).toEqual(['Book the room', 'Print the posters', 'Order the cake']);
    await expect(page.getByText('0/3')).toBeVisible();

    // A click, then the box shows ticked: the list takes the change a moment after the click (its
    // query is updated after any read in flight is cancelled), which check()'s instant look misses.
    await page.getByRole('checkbox', { name: 'Print the posters' }).click();
    await expect(page.getByRole('checkbox', { name: 'Print the posters' })).toBeChecked();
    await expect(page.getByText('1/3')).toBeVisible();

    // The last item goes first, with the keyboard only: its grip, Space, two arrows up, Space. The
    // grip works once the server has the item (greyed until then): focus() on a disabled grip would
    // leave the focus on the box just ticked, and Space would untick it.
    const grip = page.getByRole('button', { name: 'Move Order the cake' });
    await expect(grip).toBeEnabled();
    await grip.focus();
    await expect(grip).toBeFocused();
    await liftFocusedCard(page);
    // Each step is seen before the next key, as a person would: an arrow sent while the list still
    // measures where its items went finds nowhere new to go.
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => itemsOf(page)).toEqual(['Book the room', 'Order the cake', 'Print the posters']);
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => itemsOf(page)).toEqual(['Order the cake', 'Book the room', 'Print the posters']);
    await page.keyboard.press('Space');
    await expect.poll(() => itemsOf(page)).toEqual(['Order the cake', 'Book the room', 'Print the posters']);

    await page.getByRole('button', { name: 'Edit Book the room' }).click();
    const field = page.getByRole('textbox', { name: 'Item text' });
    await field.fill('Book the big room');
    await field.press('Enter');
    await expect(page.getByRole('checkbox', { name: 'Book the big room' })).toBeVisible();

    await page.reload();
    await expect
      .poll(() => itemsOf(page))
      .toEqual(['Order the cake', 'Book the big room', 'Print the posters']);
    await expect(page.getByRole('checkbox', { name: 'Print the posters' })).toBeChecked();
    await expect(page.getByText('1/3')).toBeVisible();

    // The progress shows on the project's list too.
    await page.goto(`/project/${projectId}/list`);
    await expect(page.getByText('1/3').first()).toBeVisible();
  });

  test('an item becomes a task of the project, linked from the item; a removed item is gone', async ({
    page,
    mail,
    baseURL,
  }) => {
    const user = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Conrad',
      lastname: 'Convert',
      organization: 'Tasks',
    });
    const { projectId, taskId } = await seedTask(page, baseURL, user.organizationId);
    await page.goto(`/task/${taskId}`);
    const add = page.getByRole('textbox', { name: 'Add an item' });
    for (const text of ['Hire a photographer', 'Throw away']) {
      await add.fill(text);
      await add.press('Enter');
    }
    await expect.poll(() => itemsOf(page)).toEqual(['Hire a photographer', 'Throw away']);

    await page.getByRole('button', { name: 'Actions for Throw away' }).click();
    await page.getByRole('menuitem', { name: 'Remove' }).click();
    await expect.poll(() => itemsOf(page)).toEqual(['Hire a photographer']);

    await page.getByRole('button', { name: 'Actions for Hire a photographer' }).click();
    await page.getByRole('menuitem', { name: 'Convert to task' }).click();
    const link = page.getByRole('link', { name: 'Open task #2' });
    await expect(link).toBeVisible();

    await link.click();
    await expect(page).toHaveURL(/\/task\//);
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Hire a photographer');

    await page.goto(`/project/${projectId}/list`);
    await expect(page.getByRole('link', { name: /Hire a photographer/ })).toBeVisible();
    await page.goto(`/task/${taskId}`);
    await expect(page.getByRole('link', { name: 'Open task #2' })).toBeVisible();
    await expect.poll(() => itemsOf(page)).toEqual(['Hire a photographer']);
  });
});
