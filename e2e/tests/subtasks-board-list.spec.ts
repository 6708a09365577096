import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { liftFocusedCard } from '../support/keyboard.ts';
import { live, twoMembersOfOneOrganization } from '../support/two-members.ts';
import { openFilters } from './filters-support.ts';

// With motion, as most people see it: a dropped card glides home while the Done question opens.
test.use({ reducedMotion: 'no-preference' });

// Issue 42 on the board and the list: a parent's progress (2/3) on its row and card; A blocks B and
// Ben's board marks B live; Done asks first on the board and in the list; the list nests sub-tasks
// under their parent, kept in the address over a reload; "Has no parent" and "Sub-task of …".

async function postTask(page: Page, baseURL: string, projectId: string, data: Record<string, unknown>) {
  const made = await page.request.post(`/api/projects/${projectId}/tasks`, {
    headers: { origin: baseURL },
    data,
  });
  expect(made.status(), await made.text()).toBe(201);
  return (await made.json()) as { task_id: string; reference: number };
}

async function patchTask(page: Page, baseURL: string, taskId: string, data: Record<string, unknown>) {
  const changed = await page.request.patch(`/api/tasks/${taskId}`, { headers: { origin: baseURL }, data });
  expect(changed.status(), await changed.text()).toBe(200);
}

const column = (page: Page, name: string) => page.getByRole('region', { name });
/** The link of a list row ("#3 Pay button"), by its task's title. */
const titleLink = (page: Page, title: string) =>
  page.getByRole('link', { name: new RegExp(`^#\\d+ ?${title}$`) });
/** A row of the list, by its task's title. */
const row = (page: Page, title: string) => page.getByRole('row').filter({ has: titleLink(page, title) });
const blockedMark = (scope: Locator) => scope.getByText('Blocked', { exact: true });

/** The titles of the list's rows, top to bottom. */
function rowTitles(page: Page): Promise<string[]> {
  return page
    .getByRole('row')
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => (link.textContent ?? '').replace(/^#\d+/, '').trim()));
}

/**
 * Resolves once neither the page nor anything that scrolls sideways has moved for six frames in a
 * row. A smooth scroll lasts many frames on a busy machine; two frames were not enough.
 */
async function scrollSettled(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        // The page, and what scrolls sideways (the board): a column's own list may keep adjusting.
        const page = document.scrollingElement;
        const sideways = [...document.querySelectorAll<HTMLElement>('body *')].filter(
          (element) => element.scrollWidth > element.clientWidth,
        );
        const scrollers = page ? [page, ...sideways] : sideways;
        const positions = () =>
          scrollers.map((element) => `${element.scrollLeft},${element.scrollTop}`).join(';');
        let last = positions();
        let still = 0;
        const deadline = performance.now() + 10_000;
        const check = () => {
          const now = positions();
          still = now === last ? still + 1 : 0;
          last = now;
          if (still >= 6 || performance.now() > deadline) resolve();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
}

/**
 * Watches the copy of a dropped card while it glides home (its drop animation runs): whether a click
 * at its centre would land on it. It must not: a dialog may open under it at once. Sampled at each
 * change of the page and each frame, so a glide is seen even when a frame takes longer than the
 * glide on a busy machine; while the card is still held (before the Space that drops it), the copy
 * takes the pointer by design and is not sampled. Returns a reader of the samples.
 */
async function watchLandingCopy(page: Page): Promise<() => Promise<boolean[]>> {
  await page.evaluate(() => {
    const samples: boolean[] = [];
    Object.assign(window, { landingCopySamples: samples });
    let dropped = false;
    const onSpace = (event: KeyboardEvent) => {
      dropped ||= event.code === 'Space';
    };
    window.addEventListener('keydown', onSpace, true);
    const sample = () => {
      const copy = dropped ? document.querySelector('article[data-overlay]') : null;
      // The glide is a script animation (element.animate); a keyboard move of the held card is a
      // CSS transition of the same element, not counted.
      const gliding = copy?.parentElement
        ?.getAnimations()
        .some(
          (a) => a.playState === 'running' && !(a instanceof CSSTransition) && !(a instanceof CSSAnimation),
        );
      if (!copy || !gliding) return;
      const box = copy.getBoundingClientRect();
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      samples.push(copy.contains(hit) || hit === copy.parentElement);
    };
    new MutationObserver(sample).observe(document.body, { subtree: true, childList: true, attributes: true });
    const end = performance.now() + 10_000;
    const frame = () => {
      sample();
      if (performance.now() < end) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  return () =>
    page.evaluate(() => (window as unknown as { landingCopySamples: boolean[] }).landingCopySamples);
}

/** Moves a card one column to the right per step with the keyboard, waiting for each step to show. */
async function moveRightByKeyboard(
  page: Page,
  title: string,
  columns: string[],
  beforeDrop: () => Promise<unknown> = async () => {},
) {
  await page.getByRole('button', { name: `Move ${title}` }).focus();
  await liftFocusedCard(page);
  for (const name of columns) {
    await page.keyboard.press('ArrowRight');
    await expect(column(page, name).getByRole('article', { name: new RegExp(`${title}$`) })).toBeVisible();
    // The keyboard sensor scrolls the board (and the page) smoothly to the column: the next key is
    // read against the places measured after that scroll, so wait until nothing scrolls any more.
    await scrollSettled(page);
  }
  await beforeDrop();
  await page.keyboard.press('Space');
}

for (const { scheme, viewport } of [
  { scheme: 'light', viewport: { width: 1440, height: 900 } },
  { scheme: 'dark', viewport: { width: 390, height: 844 } },
] as const) {
  test.describe(`sub-tasks and blockers on the board and the list, ${scheme} at ${viewport.width} px`, () => {
    test.use({ colorScheme: scheme, viewport });

    test('progress on row and card, Blocked live, Done asks first, the list nests and filters sub-tasks', async ({
      page,
      browser,
      mail,
      baseURL,
    }) => {
      test.slow();
      const {
        ada,
        pageB,
        projectId,
        taskId: parentId,
      } = await twoMembersOfOneOrganization(
        { pageA: page, browser, mail, baseURL },
        { benLastname: 'Board', task: 'Checkout redesign' },
      );
      await pageB.emulateMedia({ colorScheme: scheme });
      await pageB.setViewportSize(viewport);

      // A parent with three sub-tasks, one of them in another project; two of them completed.
      const mobile = await page.request.post('/api/projects', {
        headers: { origin: baseURL },
        data: { name: 'Mobile', trigram: 'MOB', organization_id: ada.organizationId },
      });
      expect(mobile.status()).toBe(201);
      const { project_id: mobileId } = (await mobile.json()) as { project_id: string };
      const pay = await postTask(page, baseURL, projectId, { title: 'Pay button', parent_id: parentId });
      await postTask(page, baseURL, projectId, { title: 'Address form', parent_id: parentId });
      const onMobile = await postTask(page, baseURL, mobileId, {
        title: 'Checkout on mobile',
        parent_id: parentId,
      });
      await patchTask(page, baseURL, pay.task_id, { status: 'DONE' });
      await patchTask(page, baseURL, onMobile.task_id, { status: 'DONE' });
      // A blocks B and C (C only later); neither has a parent.
      const blocker = await postTask(page, baseURL, projectId, { title: 'Write the API' });
      const blocked = await postTask(page, baseURL, projectId, { title: 'Ship checkout' });
      const second = await postTask(page, baseURL, projectId, { title: 'Announce checkout' });
      const blockedRef = `WEB-${blocked.reference}`;

      await page.goto(`/project/${projectId}/list`);
      await expect(row(page, 'Checkout redesign').getByLabel('2 of 3 sub-tasks done')).toHaveText('2/3');

      // Ben watches the board, live.
      await pageB.goto(`/project/${projectId}/kanban`);
      await live(pageB);
      const benCard = column(pageB, 'To Do').getByRole('article', { name: /Ship checkout$/ });
      await expect(benCard).toBeVisible();
      await expect(blockedMark(benCard)).toHaveCount(0);
      await expect(
        pageB.getByRole('article', { name: /Checkout redesign$/ }).getByLabel('2 of 3 sub-tasks done'),
      ).toHaveText('2/3');

      // Ada marks B as blocked by A (and C too): Ben's card says Blocked at once.
      for (const task of [blocked, second]) {
        const related = await page.request.post(`/api/tasks/${task.task_id}/relations`, {
          headers: { origin: baseURL },
          data: { side: 'blocked_by', task_id: blocker.task_id },
        });
        expect(related.status(), await related.text()).toBe(201);
      }
      await expect(blockedMark(benCard)).toBeVisible({ timeout: 5_000 });
      await benCard.screenshot({ path: test.info().outputPath(`card-blocked-${scheme}.png`) });

      // On Ada's board, B moved to Done asks first; Cancel sends nothing and the card goes back.
      await page.goto(`/project/${projectId}/kanban`);
      await live(page);
      const moves: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/kanban-update')) moves.push(request.postData() ?? '');
      });
      await moveRightByKeyboard(page, 'Ship checkout', ['Doing', 'Done']);
      const question = page.getByRole('dialog', { name: `Mark ${blockedRef} as done?` });
      await expect(question).toContainText('1 blocking task is not done.');
      await page.screenshot({ path: test.info().outputPath(`board-question-${scheme}.png`) });
      await question.getByRole('button', { name: 'Cancel' }).click();
      await expect(question).toBeHidden();
      await expect(column(page, 'To Do').getByRole('article', { name: /Ship checkout$/ })).toBeVisible();
      expect(moves).toEqual([]);

      // Again, confirmed: it moves, for Ben too, and stays Blocked there until A is done. The card's
      // copy gliding back while the question opens never takes the click meant for the dialog.
      let landingSamples: () => Promise<boolean[]> = async () => [];
      await moveRightByKeyboard(page, 'Ship checkout', ['Doing', 'Done'], async () => {
        landingSamples = await watchLandingCopy(page);
      });
      await expect(question).toBeVisible();
      const samples = await landingSamples();
      expect(samples.length, 'the copy was seen gliding home').toBeGreaterThan(0);
      expect(samples.filter((takesClick) => takesClick)).toEqual([]);
      await question.getByRole('button', { name: 'Mark as done' }).click();
      await expect(column(page, 'Done').getByRole('article', { name: /Ship checkout$/ })).toBeVisible();
      const benDone = column(pageB, 'Done').getByRole('article', { name: /Ship checkout$/ });
      await expect(benDone).toBeVisible({ timeout: 5_000 });
      await expect(blockedMark(benDone)).toBeVisible();
      expect(moves).toHaveLength(1);

      // In the list, Done on C's status asks too: Cancel keeps To Do, then it is confirmed.
      await page.goto(`/project/${projectId}/list`);
      const secondStatus = page.getByRole('combobox', { name: 'Status of Announce checkout' });
      const chooseDone = async () => {
        await secondStatus.click();
        await page.getByRole('option', { name: 'Done' }).click();
      };
      await chooseDone();
      const listQuestion = page.getByRole('dialog', { name: `Mark WEB-${second.reference} as done?` });
      await expect(listQuestion).toContainText('1 blocking task is not done.');
      await listQuestion.getByRole('button', { name: 'Cancel' }).click();
      await expect(listQuestion).toBeHidden();
      await expect(secondStatus).toHaveText('To Do');
      await chooseDone();
      await listQuestion.getByRole('button', { name: 'Mark as done' }).click();
      await expect(secondStatus).toHaveText('Done');

      // Ada finishes A: the mark leaves Ben's board.
      await patchTask(page, baseURL, blocker.task_id, { status: 'DONE' });
      await expect(blockedMark(benDone)).toHaveCount(0, { timeout: 5_000 });

      // The list groups sub-tasks under their parent; a reload keeps the grouping (it is in the address).
      const grouping = page.getByRole('switch', { name: 'Group sub-tasks' });
      await expect(grouping).not.toBeChecked();
      await page.screenshot({ path: test.info().outputPath(`list-flat-${scheme}.png`), fullPage: true });
      await grouping.check();
      await expect(page).toHaveURL(/[?&]subtasks=nested/);
      const fold = page.getByRole('button', { name: 'Collapse sub-tasks of WEB-1' });
      await expect(fold).toHaveAttribute('aria-expanded', 'true');
      await page.reload();
      await expect(grouping).toBeChecked();
      await expect(fold).toHaveAttribute('aria-expanded', 'true');
      // Sub-tasks follow their parent, indented; the rest keep their order.
      await expect
        .poll(async () => {
          const titles = await rowTitles(page);
          const at = titles.indexOf('Checkout redesign');
          return titles.slice(at, at + 3);
        })
        .toEqual(['Checkout redesign', 'Address form', 'Pay button']);
      const indentOf = (title: string) =>
        titleLink(page, title).evaluate((link) => link.getBoundingClientRect().left);
      expect(await indentOf('Pay button')).toBeGreaterThan(await indentOf('Checkout redesign'));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await page.screenshot({ path: test.info().outputPath(`list-nested-${scheme}.png`), fullPage: true });

      // Folded by keyboard, its sub-tasks leave the list; unfolded, they come back.
      await fold.focus();
      await page.keyboard.press('Enter');
      const unfold = page.getByRole('button', { name: 'Expand sub-tasks of WEB-1' });
      await expect(unfold).toHaveAttribute('aria-expanded', 'false');
      await expect(row(page, 'Pay button')).toHaveCount(0);
      await unfold.press('Enter');
      await expect(row(page, 'Pay button')).toBeVisible();

      // "Sub-task of …" keeps the parent's sub-tasks (here, of this project) ...
      let popover = await openFilters(page);
      await popover.getByRole('combobox', { name: 'Sub-task of' }).fill('WEB-1');
      await page.getByRole('option', { name: 'WEB-1 Checkout redesign' }).click();
      await expect(page).toHaveURL(new RegExp(`[?&]parent=${parentId}`));
      await expect.poll(() => rowTitles(page)).toEqual(['Address form', 'Pay button']);
      await page.screenshot({ path: test.info().outputPath(`list-subtask-of-${scheme}.png`) });
      await popover.getByRole('combobox', { name: 'Sub-task of' }).fill('');
      await expect(page).not.toHaveURL(/[?&]parent=/);
      // ... and "Has no parent" hides them.
      await popover.getByRole('checkbox', { name: 'Has no parent' }).check();
      await page.keyboard.press('Escape');
      await expect(popover).toBeHidden();
      await expect(page).toHaveURL(/[?&]parent=none/);
      await expect(row(page, 'Pay button')).toHaveCount(0);
      await expect(row(page, 'Address form')).toHaveCount(0);
      await expect(row(page, 'Checkout redesign')).toBeVisible();
      await expect(row(page, 'Ship checkout')).toBeVisible();
      // The board takes the same filter along.
      await page.getByRole('link', { name: 'Kanban view' }).click();
      await expect(page.getByRole('article', { name: /Checkout redesign$/ })).toBeVisible();
      await expect(page.getByRole('article', { name: /Pay button$/ })).toHaveCount(0);
      popover = await openFilters(page);
      await expect(popover.getByRole('checkbox', { name: 'Has no parent' })).toBeChecked();
    });
  });
}
