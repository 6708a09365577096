import { signUpWithOrganization } from '@figgle/test-support/api-users';
import type { Page } from '@playwright/test';
import { cardsIn } from '../support/board-cards.ts';
import { expect, test } from '../support/fixtures.ts';
import { liftFocusedCard } from '../support/keyboard.ts';

async function seedBoard(page: Page, baseURL: string, organizationId: string, titles: string[]) {
  const headers = { origin: baseURL };
  const project = await page.request.post('/api/projects', {
    headers,
    data: { name: 'Touchpad', trigram: 'TCH', organization_id: organizationId },
  });
  const { project_id } = (await project.json()) as { project_id: string };
  const ids: Record<string, string> = {};
  for (const title of titles) {
    const task = await page.request.post(`/api/projects/${project_id}/tasks`, { headers, data: { title } });
    ids[title] = ((await task.json()) as { task_id: string }).task_id;
  }
  return { projectId: project_id, ids };
}

test.describe('the board', () => {
  // A touch screen; no service worker, so the request cut in the rollback test is seen by page.route.
  test.use({ hasTouch: true, serviceWorkers: 'block' });

  test('a card dragged by touch lands in the other column and stays there after a reload', async ({
    page,
    mail,
    baseURL,
  }) => {
    const user = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Tia',
      lastname: 'Touch',
      organization: 'Fingers',
    });
    const { projectId } = await seedBoard(page, baseURL, user.organizationId, ['Swipe me', 'Stay here']);
    await page.goto(`/project/${projectId}/kanban`);
    await expect.poll(() => cardsIn(page, 'To Do')).toEqual(['Swipe me', 'Stay here']);

    const card = (await page.getByRole('article', { name: '#1 Swipe me' }).boundingBox())!;
    const target = (await page.getByRole('region', { name: 'Done' }).boundingBox())!;
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x: Math.round(x), y: Math.round(y) }],
      });
    const start = { x: card.x + card.width / 2, y: card.y + 14 };
    await touch('touchStart', start.x, start.y);
    // A touch drag starts after a short press, so a swipe still scrolls the page: the card says when
    // the press has picked it up.
    await expect(page.locator('article[data-dragging]').first()).toBeAttached();
    const end = { x: target.x + target.width / 2, y: target.y + target.height - 20 };
    for (let step = 1; step <= 15; step++) {
      await touch(
        'touchMove',
        start.x + ((end.x - start.x) * step) / 15,
        start.y + ((end.y - start.y) * step) / 15,
      );
    }
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    await touch('touchEnd', end.x, end.y);

    await expect.poll(() => cardsIn(page, 'Done')).toEqual(['Swipe me']);
    await expect.poll(() => cardsIn(page, 'To Do')).toEqual(['Stay here']);
    await page.reload();
    await expect.poll(() => cardsIn(page, 'Done')).toEqual(['Swipe me']);
  });

  test('a task made between the board’s first read and its live subscription shows without a reload', async ({
    page,
    mail,
    baseURL,
  }) => {
    const user = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Gap',
      lastname: 'Closer',
      organization: 'Between',
    });
    const { projectId } = await seedBoard(page, baseURL, user.organizationId, ['Early']);
    // The page's live connection opens, but what the page sends (its subscriptions) is held back,
    // as on a slow cold load where the board has read its tasks and not yet subscribed.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.routeWebSocket(/\/api\/realtime/, (socket) => {
      const server = socket.connectToServer();
      socket.onMessage(async (message) => {
        await held;
        server.send(message);
      });
    });
    await page.goto(`/project/${projectId}/kanban`);
    await expect.poll(() => cardsIn(page, 'To Do')).toEqual(['Early']);

    const late = await page.request.post(`/api/projects/${projectId}/tasks`, {
      headers: { origin: baseURL },
      data: { title: 'Late' },
    });
    expect(late.status()).toBe(201);
    release();
    await expect.poll(() => cardsIn(page, 'To Do')).toEqual(['Early', 'Late']);
  });

  test('a move that cannot be saved puts the card back and says so', async ({ page, mail, baseURL }) => {
    const user = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Rob',
      lastname: 'Rollback',
      organization: 'Undo',
    });
    const { projectId } = await seedBoard(page, baseURL, user.organizationId, ['Vanishing', 'Solid']);
    await page.goto(`/project/${projectId}/kanban`);
    await expect.poll(() => cardsIn(page, 'To Do')).toEqual(['Vanishing', 'Solid']);

    // The connection drops just as the drop is sent: it cannot be saved.
    await page.route('**/api/kanban-update', (route) => route.abort('connectionreset'));
    // Each key waits for the board to show its effect, as a person watching the card would.
    await page.getByRole('button', { name: 'Move Vanishing' }).focus();
    await liftFocusedCard(page);
    await page.keyboard.press('ArrowRight');
    await expect(
      page.getByRole('region', { name: 'Doing' }).getByRole('article', { name: '#1 Vanishing' }),
    ).toBeVisible();
    await page.keyboard.press('Space');

    await expect(page.getByText('Sorry, something went wrong.')).toBeVisible();
    await expect.poll(() => cardsIn(page, 'To Do')).toEqual(['Vanishing', 'Solid']);
    await expect.poll(() => cardsIn(page, 'Doing')).toEqual([]);
  });

  test('the add-project form does not submit a trigram that is not 3 letters or digits', async ({
    page,
    mail,
    baseURL,
  }) => {
    await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Val',
      lastname: 'Idator',
      organization: 'Rules',
    });
    await page.goto('/projects');
    await page.getByRole('button', { name: 'Add a project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a project' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Ok');
    await expect(dialog.getByRole('textbox', { name: 'Trigram' })).toHaveValue('OK');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeVisible();
    expect(
      await dialog
        .getByRole('textbox', { name: 'Trigram' })
        .evaluate((input: HTMLInputElement) => input.validity.valid),
    ).toBe(false);
    await dialog.getByRole('textbox', { name: 'Trigram' }).fill('O-K');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeVisible();
    const projects = await page.request.get('/api/projects');
    expect(await projects.json()).toEqual([]);
    await dialog.getByRole('textbox', { name: 'Trigram' }).fill('OK1');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();
    // The project made with the valid trigram opens.
    await expect(page.getByRole('heading', { name: 'Ok', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Trigram OK1')).toBeVisible();
  });
});
