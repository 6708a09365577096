import { type SignedInUser, signUpWithOrganization } from '@figgle/test-support/api-users';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { forgetSite, pageOfGroup } from '../support/shared-page.ts';
import { axeCheck } from './accessibility-support.ts';
import { verifiedPerson } from './accounts-support.ts';

// Issue 39, item 14, "the first run": onboarding's step 1 offers the names given at registration, a
// project added through "Add a project" opens at once, and the empty projects page, list and board
// say "It's empty!" followed by what would be there and the one button that fills them. Each journey
// runs at 1440 px in light and in dark mode, and at 390 px. The journeys of one layout share one page:
// the newcomer of the first is forgotten before the second signs up its own person, whose empty
// projects page the second journey fills with a project and the third with an empty project's board.

const LAYOUTS = [
  { name: '1440 px, light', colorScheme: 'light', viewport: { width: 1440, height: 900 } },
  { name: '1440 px, dark', colorScheme: 'dark', viewport: { width: 1440, height: 900 } },
  { name: '390 px, dark', colorScheme: 'dark', viewport: { width: 390, height: 844 } },
] as const;

/** The page is never wider than the screen: nothing of the first run hides past its right edge. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
}

/** The scheme the test asked for is the one the app drew with. */
async function expectScheme(page: Page, scheme: 'light' | 'dark') {
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
}

/** axe finds nothing to fix in the empty note, its colours in this scheme included. */
async function expectAccessibleNote(page: Page, note: Locator) {
  const label = await note.getAttribute('aria-label');
  const results = await axeCheck(page, `section[aria-label="${label}"]`);
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  expect(results.passes.length).toBeGreaterThan(0);
}

for (const layout of LAYOUTS) {
  test.describe(`first run at ${layout.name}`, () => {
    test.describe.configure({ mode: 'serial' });
    // The offline worker fetches and stores the whole app shell a moment after each first load (again
    // after forgetSite), seconds of CPU each time; it answers no API request (sw.js leaves /api/ to
    // the network) and shows nothing on these screens: blocked, as in the accessibility suite.
    const pageFor = pageOfGroup({
      colorScheme: layout.colorScheme,
      viewport: layout.viewport,
      serviceWorkers: 'block',
    });
    /** Otto, signed up with an organization and no project by the first journey that needs him. */
    let otto: Promise<SignedInUser> | undefined;
    const ottoOn = (page: Page, mail: MailCatcher, baseURL: string) => {
      otto ??= signUpWithOrganization(page, mail, baseURL, {
        firstname: 'Otto',
        lastname: 'Opener',
        organization: `Openers ${layout.name}`,
      });
      return otto;
    };

    test('onboarding step 1 shows the names given at registration, and Next keeps them', async ({
      browser,
      mail,
      baseURL,
    }) => {
      const page = await pageFor(browser, baseURL);
      const person = await verifiedPerson(page.request, mail, baseURL, {
        firstname: 'Grace',
        lastname: 'Hopper',
      });
      const signIn = await page.request.post('/api/auth/sign-in/email', {
        headers: { origin: baseURL },
        data: { email: person.email, password: person.password },
      });
      expect(signIn.ok()).toBe(true);

      await page.goto('/projects');
      await expect(page).toHaveURL(/\/onboarding\/step-1$/);
      await expectScheme(page, layout.colorScheme);
      await expect(page.getByRole('heading', { name: 'Hi! Who are you?' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Firstname' })).toHaveValue('Grace');
      await expect(page.getByRole('textbox', { name: 'Lastname' })).toHaveValue('Hopper');
      await expectNoSidewaysScroll(page);

      // Nothing typed: the names go on as they were given.
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page).toHaveURL(/\/onboarding\/step-2$/);
      const me = await (await page.request.get('/api/me')).json();
      expect(me).toMatchObject({ firstname: 'Grace', lastname: 'Hopper' });
    });

    test('the empty projects page offers the first project, which opens in its list once created', async ({
      browser,
      mail,
      baseURL,
    }) => {
      const page = await pageFor(browser, baseURL);
      // The newcomer of the journey before leaves nothing behind.
      await forgetSite(page, baseURL);
      await ottoOn(page, mail, baseURL);
      await page.goto('/projects-cards');
      await expectScheme(page, layout.colorScheme);
      const noProject = page.getByRole('region', { name: 'No project yet' });
      await expect(noProject.getByText("It's empty!", { exact: true })).toBeVisible();
      await expect(noProject).toContainText('Add the first one to start.');
      await expectNoSidewaysScroll(page);
      await expectAccessibleNote(page, noProject);

      await noProject.getByRole('button', { name: 'Add the first project' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a project' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill('Lighthouse');
      await expect(dialog.getByRole('textbox', { name: 'Trigram' })).toHaveValue('LIG');
      await dialog.getByRole('button', { name: 'Create' }).click();

      // Created: the dialog closes and the new project opens, in its default view (the list).
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/\/project\/[0-9a-f-]+\/list$/);
      await expect(page.getByRole('heading', { name: 'Lighthouse', level: 1 })).toBeVisible();
      await expect(page.getByLabel('Trigram LIG')).toBeVisible();
      await expect(page.getByRole('region', { name: 'No task yet' })).toBeVisible();

      // Back on the projects, it is listed.
      await page.goBack();
      await expect(page).toHaveURL(/\/projects-cards$/);
      await expect(
        page.getByRole('list', { name: 'Projects' }).getByRole('listitem').filter({ hasText: 'Lighthouse' }),
      ).toBeVisible();
      await expect(page.getByText("It's empty!")).toHaveCount(0);
    });

    test('the empty list and board say so and add the first task', async ({ browser, mail, baseURL }) => {
      const page = await pageFor(browser, baseURL);
      // Otto's projects page is filled; a project of his own made now is empty.
      const user = await ottoOn(page, mail, baseURL);
      const created = await page.request.post('/api/projects', {
        headers: { origin: baseURL },
        data: { name: 'Blank Slate', trigram: 'BLS', organization_id: user.organizationId },
      });
      expect(created.status()).toBe(201);
      const { project_id: projectId } = (await created.json()) as { project_id: string };
      const scheme = layout.colorScheme;
      const width = layout.viewport.width;

      // The board: the note above the four empty columns.
      await page.goto(`/project/${projectId}/kanban`);
      await expectScheme(page, scheme);
      const noTask = page.getByRole('region', { name: 'No task yet' });
      await expect(noTask.getByText("It's empty!", { exact: true })).toBeVisible();
      await expect(noTask).toContainText('This project has no task yet. Add the first one');
      await expect(noTask.getByRole('button', { name: 'Add the first task' })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectAccessibleNote(page, noTask);
      await page.screenshot({ path: test.info().outputPath(`empty-board-${scheme}-${width}.png`) });

      // The list says the same, in place of its rows.
      await page.getByRole('link', { name: 'List view' }).click();
      await expect(page).toHaveURL(/\/list$/);
      await expect(noTask.getByText("It's empty!", { exact: true })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectAccessibleNote(page, noTask);
      await page.screenshot({ path: test.info().outputPath(`empty-list-${scheme}-${width}.png`) });

      // Its button opens "Add a task"; the first task takes the note's place.
      await noTask.getByRole('button', { name: 'Add the first task' }).click();
      const addTask = page.getByRole('dialog', { name: 'Add a task' });
      await addTask.getByRole('textbox', { name: 'Title' }).fill('Light the lamp');
      await addTask.getByRole('button', { name: 'Create' }).click();
      await expect(addTask).toBeHidden();
      await expect(page.getByRole('main').getByRole('link', { name: /Light the lamp$/ })).toBeVisible();
      await expect(noTask).toHaveCount(0);

      // The board has its card now, and no note.
      await page.getByRole('link', { name: 'Kanban view' }).click();
      await expect(page.getByText('Light the lamp', { exact: true })).toBeVisible();
      await expect(noTask).toHaveCount(0);

      // Filters that hide every task are not an empty project: they say so, without the note.
      await page.goto(`/project/${projectId}/list?q=nothing-like-this`);
      await expect(page.getByText('No task matches these filters.')).toBeVisible();
      await expect(noTask).toHaveCount(0);
    });
  });
}
