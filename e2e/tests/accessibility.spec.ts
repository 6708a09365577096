import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { type AccessibilityWorld, axeCheck, seedAccessibilityWorld } from './accessibility-support.ts';

interface Screen {
  name: string;
  /** Signed-out screens run without the seeded session. */
  signedOut?: boolean;
  path: (world: AccessibilityWorld) => string;
  /** The level-1 heading that says the screen has loaded. */
  heading: string | RegExp;
  /** Puts the screen into the state to check (a dialog opened, a menu shown). */
  open?: (page: Page) => Promise<void>;
}

const screens: Screen[] = [
  { name: 'login', signedOut: true, path: () => '/login', heading: /sign in|log in|welcome/i },
  { name: 'register', signedOut: true, path: () => '/register', heading: /account|register|sign up/i },
  { name: 'projects', path: () => '/projects', heading: 'Projects' },
  {
    name: 'projects, add-project dialog',
    path: () => '/projects',
    heading: 'Projects',
    open: async (page) => {
      await page.getByRole('button', { name: 'Add a project' }).click();
      await expect(page.getByRole('dialog', { name: 'Add a project' })).toBeVisible();
    },
  },
  { name: 'project list', path: (world) => `/project/${world.projectId}/list`, heading: 'Website' },
  { name: 'project board', path: (world) => `/project/${world.projectId}/kanban`, heading: 'Website' },
  {
    name: 'project list, add-task dialog',
    path: (world) => `/project/${world.projectId}/list`,
    heading: 'Website',
    open: async (page) => {
      await page
        .getByRole('button', { name: /add a task/i })
        .first()
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  {
    // The selected entry is painted in the primary colour: its reference, note and marked words
    // must stay readable on it.
    name: 'command palette, a found task selected',
    path: (world) => `/project/${world.projectId}/list`,
    heading: 'Website',
    open: async (page) => {
      await page.keyboard.press('Control+k');
      const palette = page.getByRole('dialog', { name: 'Command palette' });
      await palette.getByRole('textbox', { name: 'Search' }).fill('Alph');
      await expect(palette.locator('[data-selected] mark')).toHaveText('Alpha');
    },
  },
  { name: 'my tasks', path: () => '/my-tasks', heading: 'My tasks' },
  { name: 'task page', path: (world) => `/task/${world.taskId}`, heading: 'Alpha' },
  { name: 'dashboard', path: () => '/dashboard', heading: 'Control Panel' },
  { name: 'inbox', path: () => '/inbox', heading: 'Inbox' },
  { name: 'figma radar', path: () => '/figma-radar', heading: /radar/i },
  { name: 'settings: profile', path: () => '/settings/profile', heading: 'Settings' },
  { name: 'settings: preferences', path: () => '/settings/preferences', heading: 'Settings' },
  { name: 'settings: password', path: () => '/settings/password', heading: 'Settings' },
  { name: 'settings: security', path: () => '/settings/security', heading: 'Settings' },
  {
    name: 'settings: organization and members',
    path: (world) => `/settings/organization/${world.organizationId}`,
    heading: 'Settings',
  },
  {
    name: 'settings: webhooks',
    path: (world) => `/settings/organization/${world.organizationId}/webhooks`,
    heading: 'Settings',
  },
  { name: 'settings: figma', path: () => '/settings/figma', heading: 'Settings' },
  {
    name: 'settings: api tokens, a new token shown once and the list',
    path: () => '/settings/api-tokens',
    heading: 'Settings',
    open: async (page) => {
      const form = page.getByRole('form', { name: 'New API token' });
      await form.getByRole('textbox', { name: 'Token name' }).fill('Accessibility check');
      await form.getByRole('button', { name: 'Create token' }).click();
      await expect(page.getByText('You will not see it again.')).toBeVisible();
      await expect(page.getByRole('table', { name: 'API tokens' })).toBeVisible();
    },
  },
];

const schemes = ['light', 'dark'] as const;

/** The impacts this suite refuses; moderate and minor findings are printed, not failed. */
const BLOCKING = new Set(['serious', 'critical']);

const accessibilityTest = test.extend<object, { world: AccessibilityWorld }>({
  world: [
    async ({ browser, mail, figgle }, use) => use(await seedAccessibilityWorld(browser, mail, figgle.url)),
    { scope: 'worker', timeout: 60_000 },
  ],
});

for (const scheme of schemes) {
  accessibilityTest.describe(`accessibility in ${scheme} mode`, () => {
    for (const screen of screens) {
      accessibilityTest(
        `${screen.name}: no serious or critical axe violation`,
        async ({ browser, baseURL, world }) => {
          const context = await browser.newContext({
            baseURL,
            colorScheme: scheme,
            reducedMotion: 'reduce',
            storageState: screen.signedOut ? undefined : world.storageState,
          });
          const page = await context.newPage();
          await page.goto(screen.path(world));
          await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
          await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
          // Loading placeholders would be checked instead of the screen: wait until none is left.
          await expect(page.locator('.mantine-Skeleton-root, .mantine-Loader-root')).toHaveCount(0);
          await screen.open?.(page);

          const results = await axeCheck(page);
          const described = results.violations.map(
            (violation) =>
              `${violation.impact} ${violation.id}: ${violation.help}\n` +
              violation.nodes
                .slice(0, 5)
                .map((node) => `    ${node.target.join(' ')} — ${node.failureSummary?.split('\n').join(' ')}`)
                .join('\n'),
          );
          if (described.length > 0) console.log(`[${scheme}] ${screen.name}\n  ${described.join('\n  ')}`);
          const blocking = results.violations
            .filter((violation) => BLOCKING.has(violation.impact ?? ''))
            .map((violation) => violation.id);
          expect(blocking, described.join('\n')).toEqual([]);
          // axe really looked at the screen: a blank page passes nothing.
          expect(results.passes.length).toBeGreaterThan(10);
          await context.close();
        },
      );
    }
  });
}
