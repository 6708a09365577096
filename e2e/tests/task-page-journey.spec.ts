/// <reference lib="dom" />

import { signUpWithOrganization } from '@figgle/test-support/api-users';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { createProjectWithTask, RED_PIXEL_PNG, SMALL_PDF } from '../support/task-page-setup.ts';

/** Selects the current line's text with the keyboard and applies a format from the floating toolbar. */
async function formatLine(page: Page, button: string) {
  await page.keyboard.press('Shift+Home');
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.keyboard.press('End');
}

/** Clicks in the left margin of a line, where the side action menu opens. */
async function openLineMenu(page: Page, editor: Locator, line: Locator) {
  const editorBox = (await editor.boundingBox())!;
  const lineBox = (await line.boundingBox())!;
  await page.mouse.click(editorBox.x + 8, lineBox.y + lineBox.height / 2);
  const menu = page.getByRole('toolbar', { name: 'Line actions' });
  await expect(menu).toBeVisible();
  return menu;
}

async function waitForSaved(page: Page) {
  await expect(page.getByRole('status').filter({ hasText: 'Saving…' })).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
}

test.describe('task page', () => {
  test('write a description, comment, follow the change log, attach files, paste without colours', async ({
    page,
    mail,
    baseURL,
    context,
  }) => {
    // A long journey (editor, uploads, change log): Playwright's slow time, as on a busy CI machine.
    test.slow();
    const user = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Tess',
      lastname: 'Writer',
      organization: 'Paper Mill',
    });
    const { taskId, reference } = await createProjectWithTask(page, baseURL, user.organizationId, {
      project: 'Launch',
      trigram: 'LCH',
      task: 'Plan the launch',
    });

    await page.goto(`/task/${taskId}`);
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    // A fresh browser fetches the task page's code and reads in turn: slow on a busy machine.
    await expect(breadcrumb.getByRole('link', { name: /Launch/ })).toBeVisible({ timeout: 30_000 });
    await expect(breadcrumb.getByText(`#${reference}`)).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Plan the launch');
    const details = page.getByRole('complementary', { name: 'Task details' });
    await expect(details.getByText(`#${reference} · LCH-${reference}`)).toBeVisible();
    await expect(details.getByText('Tess Writer').first()).toBeVisible();

    // The description: a header, bold words and a bullet list, saved 2 s after the last keystroke.
    const description = page.getByRole('textbox', { name: 'Description' });
    await description.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Goals');
    await formatLine(page, 'Header 1');
    await page.keyboard.press('Enter');
    await page.keyboard.type('We ship ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('on time');
    await page.keyboard.press('Control+b');
    await page.keyboard.press('Enter');
    await page.keyboard.type('first item');
    await formatLine(page, 'Bullet list');
    await page.keyboard.press('Enter');
    await page.keyboard.type('second item');
    await waitForSaved(page);

    await page.reload();
    await expect(description.locator('h1')).toHaveText('Goals');
    await expect(description.locator('strong')).toHaveText('on time');
    await expect(description.locator('li[data-list="bullet"]')).toHaveText(['first item', 'second item']);

    // Two comments, each sent with Ctrl+Enter; the write area empties after each.
    const timeline = page.getByRole('list', { name: 'Comments and changes' });
    const composer = page.getByRole('textbox', { name: 'Write a comment' });
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
    for (const text of ['First comment', 'Second comment']) {
      await composer.click();
      await page.keyboard.type(text);
      await page.keyboard.press('Control+Enter');
      await expect(timeline.getByText(text)).toBeVisible();
      await expect(composer).toHaveText('');
    }

    // A status change from the side panel, then a title change in place: two log lines, in order.
    await details.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Doing' }).click();
    await expect(timeline.getByText('changed status To Do → Doing')).toBeVisible();
    const title = page.getByRole('textbox', { name: 'Title' });
    await title.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' v2');
    await waitForSaved(page);
    await expect(timeline.getByText('changed title "Plan the launch" → "Plan the launch v2"')).toBeVisible();
    const lines = await timeline.getByRole('listitem').allInnerTexts();
    const indexOf = (text: string) => lines.findIndex((line) => line.includes(text));
    expect(indexOf('created the task')).toBe(0);
    expect(indexOf('edited the description')).toBeLessThan(indexOf('First comment'));
    expect(indexOf('First comment')).toBeLessThan(indexOf('Second comment'));
    expect(indexOf('Second comment')).toBeLessThan(indexOf('changed status To Do → Doing'));
    expect(indexOf('changed status To Do → Doing')).toBeLessThan(indexOf('changed title'));

    // An image and a PDF through the side action menu of an empty line.
    await description.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    let menu = await openLineMenu(page, description, description.locator('p').last());
    const imageChooser = page.waitForEvent('filechooser');
    await menu.getByRole('button', { name: 'Upload image' }).click();
    await (await imageChooser).setFiles({
      name: 'red pixel.png',
      mimeType: 'image/png',
      buffer: RED_PIXEL_PNG,
    });
    // The menu hides as soon as the upload starts.
    await expect(menu).toBeHidden();
    const image = description.locator('.ql-imageblock img');
    await expect(image).toHaveAttribute(
      'src',
      new RegExp(`^/api/uploads/tasks/${taskId}/[0-9a-f-]+-redpixel\\.png$`),
    );
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

    menu = await openLineMenu(page, description, description.locator('p').last());
    const fileChooser = page.waitForEvent('filechooser');
    await menu.getByRole('button', { name: 'Upload file' }).click();
    await (await fileChooser).setFiles({ name: 'spec.pdf', mimeType: 'application/pdf', buffer: SMALL_PDF });
    const pdfLink = description.getByRole('link', { name: 'spec.pdf' });
    await expect(pdfLink).toHaveAttribute('href', /^\/api\/uploads\/tasks\/.+-spec\.pdf$/);
    await expect(pdfLink).toHaveAttribute('target', '_blank');
    await expect(pdfLink).toHaveAttribute('rel', /noopener/);
    const pdf = await page.request.get((await pdfLink.getAttribute('href'))!);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(pdf.headers()['content-disposition']).toBe('attachment; filename="spec.pdf"');

    // Remove line: the menu's last action deletes the line it was opened on.
    await description.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('temporary line');
    menu = await openLineMenu(page, description, description.getByText('temporary line'));
    await menu.getByRole('button', { name: 'Remove line' }).click();
    await expect(description.getByText('temporary line')).toHaveCount(0);

    // Pasted HTML keeps its words and loses its colours.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await page.evaluate(async () => {
      const html =
        '<p style="text-align: center"><span style="color: rgb(230, 0, 0); background-color: rgb(255, 255, 0)">red words</span> <b style="color: blue">blue bold</b></p>';
      await navigator.clipboard.write([
        new ClipboardItem({
          'text/html': new Blob([html], { type: 'text/html' }),
          'text/plain': new Blob(['red words blue bold'], { type: 'text/plain' }),
        }),
      ]);
    });
    await description.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Control+v');
    await expect(description.getByText('red words')).toBeVisible();
    await expect(description.locator('strong', { hasText: 'blue bold' })).toBeVisible();
    await expect(description.locator('[style*="color"], [class*="ql-align"]')).toHaveCount(0);
    await waitForSaved(page);
    const saved = await (await page.request.get(`/api/tasks/${taskId}`)).json();
    const attributes = (saved.content_json.ops as Array<{ attributes?: Record<string, unknown> }>).flatMap(
      (op) => Object.keys(op.attributes ?? {}),
    );
    expect(attributes).toContain('bold');
    expect(attributes).not.toContain('color');
    expect(attributes).not.toContain('background');
    expect(attributes).not.toContain('align');

    // The same document after a reload, attachments included.
    await page.reload();
    await expect(description.locator('.ql-imageblock img')).toHaveCount(1);
    await expect(description.getByRole('link', { name: 'spec.pdf' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Plan the launch v2');
  });

  test('show more and fewer comments, see more on a long comment, the line menu by keyboard, Tab in a code block', async ({
    page,
    mail,
    baseURL,
  }) => {
    const user = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Cora',
      lastname: 'Mentor',
      organization: 'Long Talks',
    });
    const { taskId } = await createProjectWithTask(page, baseURL, user.organizationId, {
      project: 'Threads',
      trigram: 'THR',
      task: 'Discuss',
    });
    const headers = { origin: baseURL };
    const long = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join('\n');
    for (const text of ['comment one', 'comment two', 'comment three', long]) {
      const response = await page.request.post(`/api/tasks/${taskId}/comments`, {
        headers,
        data: { content_json: { ops: [{ insert: `${text}\n` }] } },
      });
      expect(response.status()).toBe(201);
    }
    // The editor (Quill) loads with the first page that shows one, never with the app's first chunk.
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/projects');
    await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
    expect(scripts.filter((url) => /quill/i.test(url))).toEqual([]);
    await page.goto(`/task/${taskId}`);
    const timeline = page.getByRole('list', { name: 'Comments and changes' });
    await expect(timeline.getByText('comment three')).toBeVisible();
    expect(scripts.filter((url) => /quill-editor/.test(url)).length).toBeGreaterThan(0);
    await expect(timeline.getByText('comment one')).toHaveCount(0);
    await page.getByRole('button', { name: 'Show more comments (2)' }).click();
    await expect(timeline.getByText('comment one')).toBeVisible();
    await page.getByRole('button', { name: 'Show fewer comments' }).click();
    await expect(timeline.getByText('comment one')).toHaveCount(0);

    const seeMore = page.getByRole('button', { name: 'See more' });
    await expect(seeMore).toBeVisible();
    await expect(timeline.getByText('line 30')).not.toBeInViewport();
    await seeMore.click();
    await expect(page.getByRole('button', { name: 'See less' })).toBeVisible();
    await timeline.getByText('line 30').scrollIntoViewIfNeeded();
    await expect(timeline.getByText('line 30')).toBeInViewport();

    // The line menu from the keyboard: Alt+M opens it on the cursor's line, Escape closes it.
    const description = page.getByRole('textbox', { name: 'Description' });
    await description.click();
    await page.keyboard.press('Alt+m');
    const menu = page.getByRole('toolbar', { name: 'Line actions' });
    await expect(menu.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(description).toBeFocused();

    // Tab inside a code block indents by two spaces.
    await description.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('code');
    await formatLine(page, 'Code block');
    await page.keyboard.press('Home');
    await page.keyboard.press('Tab');
    await expect(description.locator('.ql-code-block')).toHaveText('  code');
  });
});

test.describe('task page without live updates', () => {
  test('a change made elsewhere shows after the 60 s staleness check; a refused upload says why', async ({
    page,
    mail,
    baseURL,
  }) => {
    // No live channel: only the 5 s staleness check can bring the change in.
    await page.routeWebSocket(/.*/, (socket) => socket.close());
    await page.clock.install();
    const user = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Stan',
      lastname: 'Stale',
      organization: 'Slow Lane',
    });
    const { taskId } = await createProjectWithTask(page, baseURL, user.organizationId, {
      project: 'Archive',
      trigram: 'ARC',
      task: 'Before',
    });
    await page.goto(`/task/${taskId}`);
    const title = page.getByRole('textbox', { name: 'Title' });
    await expect(title).toHaveValue('Before');
    // The page's opening reads are over before the change elsewhere: the route's prefetch is read
    // again when the page mounts, and in ci22 that second read, queued behind the page's code,
    // reached the server after the rename and showed it before any staleness check.
    await page.waitForLoadState('networkidle');

    const renamed = await page.request.patch(`/api/tasks/${taskId}`, {
      headers: { origin: baseURL },
      data: { title: 'Renamed elsewhere' },
    });
    expect(renamed.ok()).toBe(true);
    await page.clock.runFor(30_000);
    await expect(title).toHaveValue('Before');
    await page.clock.runFor(35_000);
    await expect(title).toHaveValue('Renamed elsewhere');
    await expect(
      page
        .getByRole('list', { name: 'Comments and changes' })
        .getByText('changed title "Before" → "Renamed elsewhere"'),
    ).toBeVisible();

    // A PDF given to the image input is refused by the server, which reads the bytes: a notification says so.
    const description = page.getByRole('textbox', { name: 'Description' });
    const editorBox = (await description.boundingBox())!;
    const lineBox = (await description.locator('p').first().boundingBox())!;
    await page.mouse.click(editorBox.x + 8, lineBox.y + lineBox.height / 2);
    const chooser = page.waitForEvent('filechooser');
    await page
      .getByRole('toolbar', { name: 'Line actions' })
      .getByRole('button', { name: 'Upload image' })
      .click();
    await (await chooser).setFiles({ name: 'fake.png', mimeType: 'image/png', buffer: SMALL_PDF });
    await expect(
      page.getByRole('alert').filter({ hasText: 'Images must be PNG or JPEG files.' }),
    ).toBeVisible();
    await expect(description.locator('.ql-imageblock')).toHaveCount(0);
  });
});
