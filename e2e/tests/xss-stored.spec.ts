/// <reference lib="dom" />

import { signUpWithOrganization } from '@figgle/test-support/api-users';
import type { APIResponse, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { createProjectWithTask } from '../support/task-page-setup.ts';

/** Every payload calls this if it ever runs; the page also fails on any dialog (alert, confirm…). */
const RUN = 'window.__xss()';

/** Markup and template tricks: stored as plain text wherever text is accepted. */
const HOSTILE_TEXTS = [
  `<script>${RUN}</script>`,
  `<img src=x onerror=${RUN}>`,
  `<svg onload=${RUN}>`,
  `<svg><script>${RUN}</script></svg>`,
  `"><img src=x onerror=${RUN}>`,
  `'><script>${RUN}</script>`,
  `<iframe src="javascript:${RUN}"></iframe>`,
  `<iframe srcdoc="<script>parent.__xss()</script>"></iframe>`,
  `<a href="javascript:${RUN}">click me</a>`,
  `<body onload=${RUN}>`,
  `<details open ontoggle=${RUN}>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=${RUN}>`,
  `<input autofocus onfocus=${RUN}>`,
  `<video><source onerror=${RUN}></video>`,
  `<object data="javascript:${RUN}"></object>`,
  `<embed src="data:text/html,<script>parent.__xss()</script>">`,
  `{{constructor.constructor('${RUN}')()}}`,
  `<style>@import 'javascript:${RUN}';</style>`,
  `<marquee onstart=${RUN}>x</marquee>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5wYXJlbnQuX194c3MoKTwvc2NyaXB0Pg==">data</a>`,
];

const UNSAFE_URLS = [
  `javascript:${RUN}`,
  `JaVaScRiPt:${RUN}`,
  ` javascript:${RUN}`,
  `java\tscript:${RUN}`,
  `java\nscript:${RUN}`,
  `vbscript:msgbox(1)`,
  `data:text/html,<script>${RUN}</script>`,
  'data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3MoKTwvc2NyaXB0Pg==',
  `data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" onload="${RUN}"/>`,
  'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9IndpbmRvdy5fX3hzcygpIi8+',
];

type Op = { insert: unknown; attributes?: Record<string, unknown> };
const doc = (...ops: Op[]) => ({ ops: [...ops, { insert: '\n' }] });

interface Attempt {
  label: string;
  send: () => Promise<APIResponse>;
  /** true when the API must refuse it (4xx); false when it is stored and must render inertly. */
  refused: boolean;
}

async function upload(page: Page, baseURL: string, taskId: string, name: string, body: string) {
  const response = await page.request.post('/api/uploads', {
    headers: { origin: baseURL },
    multipart: {
      folder: `tasks/${taskId}`,
      file: {
        name,
        mimeType: name.endsWith('.svg') ? 'image/svg+xml' : 'text/html',
        buffer: Buffer.from(body),
      },
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { url: string; name: string; content_type: string };
}

test('stored XSS: hostile titles, comments, descriptions, links and files never run script', async ({
  page,
  context,
  mail,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const runs: string[] = [];
  await context.exposeFunction('__xss', () => runs.push(page.url()));
  page.on('dialog', (dialog) => {
    runs.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  context.on('page', (opened) => opened.on('dialog', (dialog) => void dialog.dismiss()));

  // The detector works: a page that does run the payload is caught.
  const control = await context.newPage();
  await control.setContent(`<img src=x onerror="${RUN}">`);
  await expect.poll(() => runs.length).toBe(1);
  await control.close();
  runs.length = 0;

  const user = await signUpWithOrganization(page, mail, baseURL, {
    firstname: 'Mallory',
    lastname: '<b onmouseover=window.__xss()>M</b>',
    organization: `<img src=x onerror=${RUN}>`,
  });
  // A mention must name a member of the organization (issue 27): Mallory herself, with a hostile name.
  const { user_id: malloryId } = (await (await page.request.get('/api/me')).json()) as { user_id: string };
  const { taskId, projectId } = await createProjectWithTask(page, baseURL, user.organizationId, {
    project: `<svg onload=${RUN}>`,
    trigram: 'XSS',
    task: `<script>${RUN}</script>`,
  });
  const headers = { origin: baseURL };
  const comment = (content_json: unknown) =>
    page.request.post(`/api/tasks/${taskId}/comments`, { headers, data: { content_json } });
  const saveDescription = (content_json: unknown) =>
    page.request.patch(`/api/tasks/${taskId}/content`, { headers, data: { content_json } });
  const retitle = (title: string) => page.request.patch(`/api/tasks/${taskId}`, { headers, data: { title } });

  const svg = await upload(
    page,
    baseURL,
    taskId,
    'evil.svg',
    `<svg xmlns="http://www.w3.org/2000/svg"><script>${RUN}</script></svg>`,
  );
  const html = await upload(
    page,
    baseURL,
    taskId,
    'evil.html',
    `<html><body><script>${RUN}</script></body></html>`,
  );
  expect(svg.content_type).toBe('text/plain; charset=utf-8');
  expect(html.content_type).toBe('text/plain; charset=utf-8');

  const attempts: Attempt[] = [
    ...HOSTILE_TEXTS.map((text) => ({ label: `title ${text}`, send: () => retitle(text), refused: false })),
    ...HOSTILE_TEXTS.map((text) => ({
      label: `comment ${text}`,
      send: () => comment(doc({ insert: text })),
      refused: false,
    })),
    ...UNSAFE_URLS.map((url) => ({
      label: `comment link ${url}`,
      send: () => comment(doc({ insert: 'click', attributes: { link: url } })),
      refused: true,
    })),
    ...UNSAFE_URLS.map((url) => ({
      label: `description imageblock ${url}`,
      send: () => saveDescription(doc({ insert: { imageblock: url } })),
      refused: true,
    })),
    ...UNSAFE_URLS.map((url) => ({
      label: `comment fileblock ${url}`,
      send: () => comment(doc({ insert: { fileblock: { url, name: 'file.pdf' } } })),
      refused: true,
    })),
    ...[`javascript:${RUN}`, `data:text/html,<script>${RUN}</script>`].flatMap((url) => [
      { label: `image ${url}`, send: () => comment(doc({ insert: { image: url } })), refused: true },
      { label: `video ${url}`, send: () => comment(doc({ insert: { video: url } })), refused: true },
    ]),
    {
      label: 'onclick attribute',
      send: () => comment(doc({ insert: 'x', attributes: { onclick: RUN } })),
      refused: true,
    },
    {
      label: 'style attribute',
      send: () => comment(doc({ insert: 'x', attributes: { style: 'x' } })),
      refused: true,
    },
    {
      label: 'colour escaping its style',
      send: () =>
        comment(doc({ insert: 'x', attributes: { color: `red;background:url(javascript:${RUN})` } })),
      refused: true,
    },
    {
      label: 'font closing a style',
      send: () => comment(doc({ insert: 'x', attributes: { font: '</style><script>x</script>' } })),
      refused: true,
    },
    { label: 'unknown embed', send: () => comment(doc({ insert: { script: RUN } })), refused: true },
    { label: 'HTML instead of a document', send: () => comment(`<img src=x onerror=${RUN}>`), refused: true },
    {
      label: 'description of hostile embeds and attributes that pass validation',
      send: () =>
        saveDescription(
          doc(
            { insert: HOSTILE_TEXTS[1] },
            { insert: '\n', attributes: { header: 1 } },
            { insert: { imageblock: `/api/uploads/none.png" onerror="${RUN}` } },
            { insert: { imageblock: svg.url } },
            { insert: { image: '/x.png' }, attributes: { alt: `" onerror="${RUN}`, width: '10' } },
            { insert: { fileblock: { url: html.url, name: `<img src=x onerror=${RUN}>` } } },
            { insert: { fileblock: { url: svg.url, name: `"><svg onload=${RUN}>` } } },
            { insert: { mention: { id: malloryId, value: `<img src=x onerror=${RUN}>` } } },
            { insert: { formula: `<img src=x onerror=${RUN}>` } },
            { insert: `<script>${RUN}</script>` },
            { insert: '\n', attributes: { 'code-block': true } },
            { insert: 'relative', attributes: { link: `&#106;avascript:${RUN}` } },
            { insert: HOSTILE_TEXTS[2], attributes: { link: 'https://example.invalid/?q="><script>' } },
            { insert: '\n', attributes: { blockquote: true } },
          ),
        ),
      refused: false,
    },
    {
      label: 'neutralised address the editor writes',
      send: () => comment(doc({ insert: 'neutral', attributes: { link: 'about:blank' } })),
      refused: false,
    },
  ];
  expect(attempts.length).toBeGreaterThanOrEqual(50);

  for (const attempt of attempts) {
    const response = await attempt.send();
    if (attempt.refused) {
      expect(response.status(), attempt.label).toBe(400);
    } else {
      expect(response.ok(), `${attempt.label}: ${await response.text()}`).toBe(true);
    }
  }

  // Hostile HTML pasted from another application goes through the editor's paste handling and is
  // sent as a comment. (The paste event carries the raw markup, as a paste from another app does.)
  await page.goto(`/task/${taskId}`);
  const composer = page.getByRole('textbox', { name: 'Write a comment' });
  await composer.click();
  await composer.evaluate((editor, payloads) => {
    const data = new DataTransfer();
    data.setData('text/html', payloads.join('<br>'));
    data.setData('text/plain', 'pasted');
    editor.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, HOSTILE_TEXTS);
  await expect(composer).toContainText('click me');
  await expect(composer.locator('a, img, iframe, video, object, embed, svg')).toHaveCount(0);
  const sent = page.waitForResponse((r) => r.url().endsWith('/comments') && r.request().method() === 'POST');
  await page.keyboard.press('Control+Enter');
  const sentResponse = await sent;
  expect(sentResponse.status(), await sentResponse.text()).toBe(201);
  await expect(composer).toHaveText('');

  // Render everything: the task page with every comment and every long one opened, the lists.
  await page.reload();
  const timeline = page.getByRole('list', { name: 'Comments and changes' });
  await page.getByRole('button', { name: /Show more comments/ }).click();
  await expect(timeline.getByText(HOSTILE_TEXTS[0]!, { exact: true }).first()).toBeVisible();
  for (const seeMore of await page.getByRole('button', { name: 'See more' }).all()) await seeMore.click();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(HOSTILE_TEXTS.at(-1)!);
  await expect(
    timeline.getByText(`changed title "${HOSTILE_TEXTS[0]}"`, { exact: false }).first(),
  ).toBeVisible();
  const description = page.getByRole('textbox', { name: 'Description' });
  await expect(description.getByRole('link', { name: `<img src=x onerror=${RUN}>` })).toBeVisible();
  // Pointer events too: moving over every link and image of the task fires any mouse handler.
  for (const target of await page.locator('main .ql-editor a, main .ql-editor img').all()) {
    await target.hover({ timeout: 2000 }).catch(() => undefined);
  }

  // Nothing in the page carries an inline handler, a script element or a script address.
  const findings = await page.evaluate(() => {
    const main = document.querySelector('main') ?? document.body;
    const problems: string[] = [];
    for (const element of main.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        if (attribute.name.startsWith('on')) problems.push(`${element.tagName} ${attribute.name}`);
        if (
          /^\s*(javascript|vbscript|data:text)/i.test(attribute.value) &&
          /href|src|action|data/.test(attribute.name)
        ) {
          problems.push(`${element.tagName} ${attribute.name}=${attribute.value}`);
        }
      }
      if (['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED'].includes(element.tagName)) problems.push(element.tagName);
    }
    return problems;
  });
  expect(findings).toEqual([]);

  // A hostile upload opened directly is a download of inert text, never a page.
  const download = page.waitForEvent('download');
  await page.goto(html.url).catch(() => undefined);
  expect((await download).suggestedFilename()).toBe('evil.html');
  const svgResponse = await page.request.get(svg.url);
  expect(svgResponse.headers()['content-type']).toBe('text/plain; charset=utf-8');
  expect(svgResponse.headers()['content-disposition']).toMatch(/^attachment;/);

  await page.goto(`/project/${projectId}/list`);
  await expect(page.getByText(HOSTILE_TEXTS.at(-1)!).first()).toBeVisible();
  await page.goto(`/project/${projectId}/kanban`);
  await expect(page.getByText(HOSTILE_TEXTS.at(-1)!).first()).toBeVisible();
  await page.goto('/projects');
  await expect(page.getByText(`<svg onload=${RUN}>`).first()).toBeVisible();

  // Give late loaders (images, lazy chunks) a moment before the verdict.
  await page.waitForTimeout(500);
  expect(runs).toEqual([]);
});
