import { signUpWithOrganization } from '@figgle/test-support/api-users';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { joinByInvitation } from '../support/join-by-invitation.ts';

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const counter = (page: Page, status: string) => page.getByRole('group', { name: `Tasks in ${status}` });
const widget = (page: Page, title: string) => page.getByRole('region', { name: title });

async function expectCounters(page: Page, counts: Record<'TODO' | 'DOING' | 'DONE' | 'ARCHIVE', number>) {
  for (const [status, count] of Object.entries(counts)) {
    await expect(counter(page, status)).toContainText(new RegExp(`^Tasks in ${status}${count}$`));
  }
}

test.describe('the dashboard', () => {
  test('counts the tasks created, follows status changes, lists my work; the chart loads only there', async ({
    page,
    browser,
    mail,
    baseURL,
  }) => {
    const headers = { origin: baseURL };
    const ada = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Ada',
      lastname: 'Owner',
      organization: 'Studio',
    });
    const me = (await (await page.request.get('/api/me')).json()) as { user_id: string };
    const project = await page.request.post('/api/projects', {
      headers,
      data: { name: 'Website', trigram: 'WEB', organization_id: ada.organizationId, emoji: 'octopus' },
    });
    expect(project.status()).toBe(201);
    const { project_id: projectId } = (await project.json()) as { project_id: string };
    const tasks: Record<string, string> = {};
    for (const [title, status, mine] of [
      ['Alpha', 'TODO', true],
      ['Bravo', 'TODO', false],
      ['Charlie', 'TODO', true],
      ['Delta', 'DOING', true],
      ['Echo', 'DOING', false],
      ['Foxtrot', 'DONE', true],
      ['Golf', 'ARCHIVE', false],
    ] as const) {
      const created = await page.request.post(`/api/projects/${projectId}/tasks`, {
        headers,
        data: { title, status, assignee_id: mine ? me.user_id : null },
      });
      expect(created.status()).toBe(201);
      tasks[title] = ((await created.json()) as { task_id: string }).task_id;
    }

    // The first load carries no chart code: it comes with the dashboard.
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/projects');
    await expect(navigation(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    expect(scripts.filter((path) => /chart/i.test(path))).toEqual([]);

    await navigation(page).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Control Panel', level: 1 })).toBeVisible();
    await expectCounters(page, { TODO: 3, DOING: 2, DONE: 1, ARCHIVE: 1 });
    await expect(widget(page, 'Created and completed tasks').locator('.recharts-surface')).toBeVisible();
    expect(scripts.filter((path) => /weekly-chart/.test(path))).toHaveLength(1);
    // The chart's figures, as a table for screen readers: 7 created this week.
    const table = page.getByRole('table', { name: 'Tasks created and completed per week' });
    await expect(table.getByRole('row').last().getByRole('cell')).toHaveText(['7', '0']);
    await expect(widget(page, 'Most active projects')).toContainText('Website7 changes');
    await expect(widget(page, 'My To Do').getByRole('link')).toHaveText(['Charlie', 'Alpha']);
    await expect(widget(page, 'My Doing').getByRole('link')).toHaveText(['Delta']);
    await expect(widget(page, 'Latest Figma comments and replies')).toContainText(
      'No comments from Figma yet.',
    );

    // Ada moves Alpha to Done in the list; back on the dashboard the counters and the chart follow.
    await page.goto(`/project/${projectId}/list`);
    await page.getByRole('combobox', { name: 'Status of Alpha' }).click();
    await page.getByRole('option', { name: 'Done' }).click();
    await expect(page.getByRole('combobox', { name: 'Status of Alpha' })).toHaveText('Done');
    await navigation(page).getByRole('link', { name: 'Dashboard' }).click();
    await expectCounters(page, { TODO: 2, DOING: 2, DONE: 2, ARCHIVE: 1 });
    await expect(table.getByRole('row').last().getByRole('cell')).toHaveText(['7', '1']);
    await expect(widget(page, 'My To Do').getByRole('link')).toHaveText(['Charlie']);

    // A colleague moves a task while Ada looks at the dashboard: it follows live.
    const contextB = await browser.newContext({ baseURL });
    const pageB = await contextB.newPage();
    const ben = await signUpWithOrganization(pageB, mail, baseURL, {
      firstname: 'Ben',
      lastname: 'Member',
      organization: 'Ben at home',
    });
    await joinByInvitation(
      { inviter: page.request, invitee: pageB.request, mail, baseURL },
      ada.organizationId,
      { firstname: 'Ben', lastname: 'Member', email: ben.email },
    );
    await expect(page.locator('html')).toHaveAttribute('data-realtime', 'open');
    const move = await pageB.request.patch(`/api/tasks/${tasks.Echo}`, {
      headers,
      data: { status: 'ARCHIVE' },
    });
    expect(move.status()).toBe(200);
    await expectCounters(page, { TODO: 2, DOING: 1, DONE: 2, ARCHIVE: 2 });

    // A task of the list opens its page.
    await widget(page, 'My Doing').getByRole('link', { name: 'Delta' }).click();
    await expect(page).toHaveURL(new RegExp(`/task/${tasks.Delta}$`));
    await contextB.close();
  });
});
