import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { readOfflineCopy, reconnect, reloadOffline } from '../support/offline-copy.ts';
import { live, twoMembersOfOneOrganization } from '../support/two-members.ts';

// The offline worker is this file's subject (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

interface TimelineItem {
  kind: 'log' | 'comment';
  type?: string;
  metadata?: { title?: { old: unknown; new: unknown }; status?: { old: unknown; new: unknown } };
  content_json?: { ops: Array<{ insert?: unknown }> };
}

/** What the device holds for offline use: how many reads of this task and how many waiting changes. */
async function offlineCopy(page: Page, taskId: string): Promise<{ task: number; changes: number }> {
  const state = (await readOfflineCopy(page))?.state;
  return {
    task: (state?.queries ?? []).filter((q) => q.queryKey[0] === 'task' && q.queryKey[1] === taskId).length,
    changes: (state?.mutations ?? []).length,
  };
}

/** The task page is on the device (data and app shell), so a reload without network opens it. */
async function taskPageKeptOffline(page: Page, taskId: string): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(async () => (await offlineCopy(page, taskId)).task).toBeGreaterThanOrEqual(2);
}

const banner = (page: Page) => page.getByRole('status').filter({ hasText: 'You are offline' });
const waiting = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

async function timelineOf(page: Page, taskId: string): Promise<TimelineItem[]> {
  const answer = await page.request.get(`/api/tasks/${taskId}/timeline`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { items: TimelineItem[] }).items;
}

/** A short, readable trace of the timeline: 'status', 'assignee', 'title "a" → "b"', 'comment text'. */
function trace(items: TimelineItem[]): string[] {
  return items.map((item) => {
    if (item.kind === 'comment')
      return `comment ${(item.content_json?.ops ?? [])
        .map((op) => String(op.insert ?? ''))
        .join('')
        .trim()}`;
    if (item.type === 'CREATION') return 'created';
    const metadata = item.metadata ?? {};
    if (metadata.title) return `title "${metadata.title.old}" → "${metadata.title.new}"`;
    if (metadata.status) return `status ${metadata.status.old} → ${metadata.status.new}`;
    return (item.type ?? 'log').toLowerCase();
  });
}

test.describe('changes made offline', () => {
  test('status, assignee, title and two comments wait through a reload and reach the server in order', async ({
    page: pageA,
    browser,
    mail,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const { pageB, contextB, taskId } = await twoMembersOfOneOrganization(
      { pageA, browser, mail, baseURL },
      { benLastname: 'Offline', task: 'Alpha' },
    );

    await pageB.goto(`/task/${taskId}`);
    await live(pageB);
    const details = pageB.getByRole('complementary', { name: 'Task details' });
    await expect(details.getByRole('combobox', { name: 'Assignee' })).toHaveValue('None');
    await taskPageKeptOffline(pageB, taskId);

    // B loses the network and keeps working.
    await contextB.setOffline(true);
    await expect(banner(pageB)).toBeVisible();

    await details.getByRole('combobox', { name: 'Status' }).click();
    await pageB.getByRole('option', { name: 'Doing' }).click();
    await expect(waiting(pageB, '1 change waits to be sent')).toBeVisible();

    await details.getByRole('combobox', { name: 'Assignee' }).click();
    await pageB.getByRole('option', { name: 'Ada Author' }).click();
    await expect(waiting(pageB, '2 changes wait to be sent')).toBeVisible();

    const title = pageB.getByRole('textbox', { name: 'Title' });
    await title.click();
    await pageB.keyboard.press('End');
    await pageB.keyboard.type(' offline');
    // The title is saved 2 s after the last keystroke: then it waits with the others.
    await expect(waiting(pageB, '3 changes wait to be sent')).toBeVisible();

    const composer = pageB.getByRole('textbox', { name: 'Write a comment' });
    const pending = pageB.getByRole('list', { name: 'Comments waiting to be sent' });
    for (const [index, text] of ['First offline comment', 'Second offline comment'].entries()) {
      await composer.click();
      await pageB.keyboard.type(text);
      await pageB.keyboard.press('Control+Enter');
      // Shown at once as waiting; the write area empties for the next one.
      await expect(pending.getByText(text)).toBeVisible();
      await expect(composer).toHaveText('');
      await expect(waiting(pageB, `${4 + index} changes wait to be sent`)).toBeVisible();
    }
    await expect(pending.getByText('Waiting to be sent')).toHaveCount(2);

    // Nothing reached the server yet.
    const before = await (await pageA.request.get(`/api/tasks/${taskId}`)).json();
    expect(before).toMatchObject({ title: 'Alpha', status: 'TODO', assignee: null });

    // A reload while still offline: the changes are still there, still waiting.
    await expect.poll(async () => (await offlineCopy(pageB, taskId)).changes).toBe(5);
    await reloadOffline(pageB);
    await expect(banner(pageB)).toBeVisible();
    await expect(waiting(pageB, '5 changes wait to be sent')).toBeVisible();
    await expect(pageB.getByRole('textbox', { name: 'Title' })).toHaveValue('Alpha offline');
    await expect(details.getByRole('combobox', { name: 'Status' })).toHaveValue('Doing');
    await expect(details.getByRole('combobox', { name: 'Assignee' })).toHaveValue('Ada Author');
    await expect(pending.getByRole('listitem')).toHaveCount(2);
    await expect(pending.getByRole('listitem').first()).toContainText('First offline comment');
    await expect(pending.getByRole('listitem').last()).toContainText('Second offline comment');

    // Back online: the changes are sent one after another, in the order they were made.
    await reconnect(pageB);
    await expect(banner(pageB)).toBeHidden();
    await expect
      .poll(async () => (await (await pageA.request.get(`/api/tasks/${taskId}`)).json()).title)
      .toBe('Alpha offline');
    const after = await (await pageA.request.get(`/api/tasks/${taskId}`)).json();
    expect(after).toMatchObject({ status: 'DOING', assignee: { firstname: 'Ada', lastname: 'Author' } });
    await expect
      .poll(async () => trace(await timelineOf(pageA, taskId)))
      .toEqual([
        'created',
        'status TODO → DOING',
        'assignee',
        'title "Alpha" → "Alpha offline"',
        'comment First offline comment',
        'comment Second offline comment',
      ]);

    // B's page: nothing waits any more, and the timeline shows what happened.
    const timelineB = pageB.getByRole('list', { name: 'Comments and changes' });
    await expect(pending).toBeHidden();
    await expect(timelineB.getByText('changed status To Do → Doing')).toBeVisible();
    await expect(timelineB.getByText('changed assignee Ada Author')).toBeVisible();
    await expect(timelineB.getByText('changed title "Alpha" → "Alpha offline"')).toBeVisible();
    await expect(timelineB.getByText('Second offline comment')).toBeVisible();

    // A sees the same, each once; a reload of B sends nothing twice.
    await pageA.goto(`/task/${taskId}`);
    const timelineA = pageA.getByRole('list', { name: 'Comments and changes' });
    await expect(timelineA.getByText('First offline comment')).toHaveCount(1);
    await expect(timelineA.getByText('Second offline comment')).toHaveCount(1);
    await expect(pageA.getByRole('textbox', { name: 'Title' })).toHaveValue('Alpha offline');
    await expect.poll(async () => (await offlineCopy(pageB, taskId)).changes).toBe(0);
    await pageB.reload();
    await expect(timelineB.getByText('Second offline comment')).toHaveCount(1);
    expect((await timelineOf(pageA, taskId)).length).toBe(6);
    await contextB.close();
  });

  test('last writer wins: A renames online, then B’s offline rename replays, and the log shows both', async ({
    page: pageA,
    browser,
    mail,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const { pageB, contextB, taskId } = await twoMembersOfOneOrganization(
      { pageA, browser, mail, baseURL },
      { benLastname: 'Later', task: 'Draft' },
    );
    await pageB.goto(`/task/${taskId}`);
    await live(pageB);
    await taskPageKeptOffline(pageB, taskId);

    // B renames while offline: the change waits.
    await contextB.setOffline(true);
    await expect(banner(pageB)).toBeVisible();
    const titleB = pageB.getByRole('textbox', { name: 'Title' });
    await titleB.fill('Draft by Ben');
    await expect(waiting(pageB, '1 change waits to be sent')).toBeVisible();

    // Meanwhile A renames online.
    await pageA.goto(`/task/${taskId}`);
    const titleA = pageA.getByRole('textbox', { name: 'Title' });
    await titleA.fill('Draft by Ada');
    await expect(pageA.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible({ timeout: 15_000 });
    expect((await (await pageA.request.get(`/api/tasks/${taskId}`)).json()).title).toBe('Draft by Ada');

    // B comes back: B's rename is sent after A's, so B's title is the last one written.
    await contextB.setOffline(false);
    await expect
      .poll(async () => (await (await pageA.request.get(`/api/tasks/${taskId}`)).json()).title)
      .toBe('Draft by Ben');
    expect(trace(await timelineOf(pageA, taskId))).toEqual([
      'created',
      'title "Draft" → "Draft by Ada"',
      'title "Draft by Ada" → "Draft by Ben"',
    ]);

    // And both pages say so, in that order.
    await expect(titleA).toHaveValue('Draft by Ben');
    await expect(titleB).toHaveValue('Draft by Ben');
    for (const page of [pageA, pageB]) {
      const timeline = page.getByRole('list', { name: 'Comments and changes' });
      await expect(timeline.getByText('changed title "Draft by Ada" → "Draft by Ben"')).toBeVisible();
      const lines = await timeline.getByRole('listitem').allInnerTexts();
      const ada = lines.findIndex((line) => line.includes('changed title "Draft" → "Draft by Ada"'));
      const ben = lines.findIndex((line) => line.includes('changed title "Draft by Ada" → "Draft by Ben"'));
      expect(ada).toBeGreaterThanOrEqual(0);
      expect(ben).toBeGreaterThan(ada);
    }
    await contextB.close();
  });
});
