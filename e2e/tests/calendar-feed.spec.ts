import { signUpWithOrganization } from '@figgle/test-support/api-users';
import { expect, test } from '../support/fixtures.ts';
import { LAYOUTS } from '../support/looks.ts';
import { createProjectWithTask } from '../support/task-page-setup.ts';
import { axeCheck } from './accessibility-support.ts';

// Settings › Calendar feed (docs/product.md#calendar-feeds): create the personal address, copy it,
// read the task back from it, revoke it and the address answers 404. At 1440 px in light and dark
// mode, and at 390 px.
for (const layout of LAYOUTS) {
  test.describe(`calendar feed at ${layout.name}`, () => {
    test.use({ colorScheme: layout.colorScheme, viewport: layout.viewport });

    test('create the personal feed, copy it, read the task from it, revoke it: 404 after', async ({
      page,
      context,
      mail,
      baseURL,
    }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
      const user = await signUpWithOrganization(page, mail, baseURL, {
        firstname: 'Cal',
        lastname: 'Endar',
        organization: 'Dates',
      });
      const me = (await (await page.request.get('/api/me')).json()) as { user_id: string };
      const { taskId } = await createProjectWithTask(page, baseURL, user.organizationId, {
        project: 'Launch',
        trigram: 'LCH',
        task: 'Print the posters',
      });
      const assigned = await page.request.patch(`/api/tasks/${taskId}`, {
        headers: { origin: baseURL },
        data: { assignee_id: me.user_id, due_on: '2026-12-24' },
      });
      expect(assigned.status(), await assigned.text()).toBe(200);

      await page.goto('/settings/profile');
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', layout.colorScheme);
      await page
        .getByRole('navigation', { name: 'Settings' })
        .getByRole('link', { name: 'Calendar feed' })
        .click();
      await expect(page.getByRole('heading', { name: 'Calendar feed' })).toBeVisible();
      await expect(page.getByText('No calendar feeds yet.')).toBeVisible();

      await page.getByRole('button', { name: 'Create my feed address' }).click();
      const shown = page.getByRole('status', { name: 'Your calendar feed of your tasks' });
      await expect(shown.getByText('You will not see it again.')).toBeVisible();
      const address = await shown.getByRole('textbox', { name: 'Feed address' }).inputValue();
      expect(address).toMatch(/\/api\/calendar-feeds\/figgle_cal_[A-Za-z0-9_-]{43}\/tasks\.ics$/);
      // "Copied" comes and goes without moving Done, the button beside it: ci49 lost a click on Done
      // when the label went back to "Copy the address" and Done shifted under the pointer.
      const done = shown.getByRole('button', { name: 'Done' });
      const doneBefore = await done.boundingBox();
      await shown.getByRole('button', { name: 'Copy the address' }).click();
      await expect(shown.getByRole('button', { name: 'Copied' })).toBeVisible();
      expect(await done.boundingBox()).toEqual(doneBefore);
      await expect(shown.getByRole('button', { name: 'Copy the address' })).toBeVisible();
      expect(await done.boundingBox()).toEqual(doneBefore);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
      // The whole panel fits the screen: nothing runs off its right edge at 390 px.
      const box = await shown.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(layout.viewport.width);
      // The page with its address shown reads well in this scheme and width (contrast, names).
      const { violations } = await axeCheck(page);
      const blocking = violations.filter((violation) =>
        ['serious', 'critical'].includes(violation.impact ?? ''),
      );
      expect(blocking.map((violation) => violation.id)).toEqual([]);

      // The calendar application's fetch: no cookie needed, the task is an all-day event.
      const feedPath = new URL(address).pathname;
      const feed = await page.request.get(feedPath, { headers: { cookie: '' } });
      expect(feed.status()).toBe(200);
      expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
      const text = (await feed.text()).replace(/\r\n /g, '');
      expect(text).toContain('SUMMARY:LCH-1 Print the posters\r\n');
      expect(text).toContain('DTSTART;VALUE=DATE:20261224\r\n');
      expect(text).toContain(`/task/${taskId}\r\n`);

      await shown.getByRole('button', { name: 'Done' }).click();
      await expect(shown).toHaveCount(0);
      const row = page.getByRole('table', { name: 'Calendar feeds' }).getByRole('row', { name: /My tasks/ });
      await row.getByRole('button', { name: 'Revoke the calendar feed My tasks' }).click();
      const dialog = page.getByRole('dialog', { name: 'Revoke the calendar feed “My tasks”?' });
      await dialog.getByRole('button', { name: 'Revoke' }).click();
      await expect(page.getByText('The calendar feed “My tasks” has been revoked.')).toBeVisible();
      await expect(page.getByText('No calendar feeds yet.')).toBeVisible();

      const gone = await page.request.get(feedPath);
      expect(gone.status()).toBe(404);
      expect(await gone.text()).not.toContain('Print the posters');
    });
  });
}
