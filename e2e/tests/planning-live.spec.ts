import { expect, test } from '../support/fixtures.ts';
import { live, twoMembersOfOneOrganization } from '../support/two-members.ts';
import { callApi, createLabel, dayFromToday } from './planning-support.ts';

/** A change shown to the other person counts as live within this long. */
const LIVE_MS = 1_000;

test.describe('planning fields live', () => {
  test('B sees A’s label and due-date changes on the board within 1 s, without a reload', async ({
    page: pageA,
    browser,
    mail,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const { pageB, ada, taskId, projectId } = await twoMembersOfOneOrganization(
      { pageA, browser, mail, baseURL },
      { benLastname: 'Board', task: 'Ship it' },
    );
    await createLabel(pageA, baseURL, ada.organizationId, 'Backend', 'blue');

    // B watches the board.
    await pageB.goto(`/project/${projectId}/kanban`);
    await live(pageB);
    const card = pageB.getByRole('article', { name: /Ship it$/ });
    await expect(card).toBeVisible();
    await expect(card.getByRole('list', { name: 'Labels' })).toHaveCount(0);
    // A mark on B's page: a reload would lose it.
    await pageB.evaluate(() => Object.assign(window, { sameDocument: true }));

    // A, on the task page, adds a label: B's card shows it within a second of A's save.
    await pageA.goto(`/task/${taskId}`);
    await live(pageA);
    const details = pageA.getByRole('complementary', { name: 'Task details' });
    await details.getByRole('combobox', { name: 'Labels' }).click();
    const labelsSaved = pageA.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/tasks/${taskId}/labels`) && response.request().method() === 'PUT',
    );
    await pageA.getByRole('option', { name: 'Backend' }).click();
    expect((await labelsSaved).ok()).toBe(true);
    await expect(card.getByRole('list', { name: 'Labels' })).toContainText('Backend', { timeout: LIVE_MS });

    // A sets a due date: B's card shows it, with its mark, within a second.
    const dueSaved = pageA.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/tasks/${taskId}`) && response.request().method() === 'PATCH',
    );
    await details.getByRole('button', { name: 'Due date' }).click();
    await pageA.getByRole('button', { name: 'Tomorrow' }).click();
    expect((await dueSaved).ok()).toBe(true);
    await expect(card).toContainText('Tomorrow', { timeout: LIVE_MS });
    await expect(card).toContainText('Due soon', { timeout: LIVE_MS });

    // A moves the date into the past through the API: B's card turns overdue.
    await callApi(pageA, baseURL, 'PATCH', `/api/tasks/${taskId}`, { due_on: dayFromToday(-3) });
    await expect(card).toContainText('Overdue', { timeout: LIVE_MS });

    // A renames the label in the settings: B's card follows (the label event reads the tasks again).
    const [label] = (await (
      await pageA.request.get(`/api/organizations/${ada.organizationId}/labels`)
    ).json()) as Array<{
      label_id: string;
    }>;
    await callApi(pageA, baseURL, 'PATCH', `/api/labels/${label!.label_id}`, { name: 'Server' });
    await expect(card.getByRole('list', { name: 'Labels' })).toContainText('Server', { timeout: LIVE_MS });

    // A removes the due date: B's card no longer shows one.
    await callApi(pageA, baseURL, 'PATCH', `/api/tasks/${taskId}`, { due_on: null, due_at: null });
    await expect(card).not.toContainText('Overdue', { timeout: LIVE_MS });
    expect(await pageB.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
  });
});
