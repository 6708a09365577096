import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { type AccessibilityWorld, axeCheck, seedAccessibilityWorld } from './accessibility-support.ts';

/** One state of a screen that axe checks. */
interface State {
  name: string;
  /** Puts the loaded screen into the state to check (a dialog opened, a menu shown). */
  open?: (page: Page) => Promise<void>;
  /** Takes the screen back to the state it was loaded in, for the next state of the same visit. */
  close?: (page: Page) => Promise<void>;
}

/** A distinct screen: one address, loaded once per colour scheme, then checked in each of its states. */
interface Screen {
  /** Signed-out screens run without the seeded session. */
  signedOut?: boolean;
  path: (world: AccessibilityWorld) => string;
  /** The level-1 heading that says the screen has loaded. */
  heading: string | RegExp;
  /** Each state checked, in order; the first is the screen as it loads. */
  states: State[];
}

const closeDialog = (name?: string) => async (page: Page) => {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', name ? { name } : {})).toHaveCount(0);
};

const screens: Screen[] = [
  {
    signedOut: true,
    path: () => '/login',
    heading: /sign in|log in|welcome/i,
    states: [{ name: 'login' }],
  },
  {
    signedOut: true,
    path: () => '/register',
    heading: /account|register|sign up/i,
    states: [{ name: 'register' }],
  },
  {
    path: () => '/projects',
    heading: 'Projects',
    states: [
      { name: 'projects' },
      {
        name: 'projects, add-project dialog',
        open: async (page) => {
          await page.getByRole('button', { name: 'Add a project' }).click();
          await expect(page.getByRole('dialog', { name: 'Add a project' })).toBeVisible();
        },
      },
    ],
  },
  {
    path: (world) => `/project/${world.projectId}/list`,
    heading: 'Website',
    states: [
      { name: 'project list' },
      {
        name: 'project list, add-task dialog',
        open: async (page) => {
          await page
            .getByRole('button', { name: /add a task/i })
            .first()
            .click();
          await expect(page.getByRole('dialog')).toBeVisible();
        },
        close: closeDialog(),
      },
      {
        // The selected entry is painted in the primary colour: its reference, note and marked words
        // must stay readable on it.
        name: 'command palette, a found task selected',
        open: async (page) => {
          await page.keyboard.press('Control+k');
          const palette = page.getByRole('dialog', { name: 'Command palette' });
          await palette.getByRole('textbox', { name: 'Search' }).fill('Alph');
          await expect(palette.locator('[data-selected] mark')).toHaveText('Alpha');
        },
      },
    ],
  },
  {
    path: (world) => `/project/${world.projectId}/kanban`,
    heading: 'Website',
    states: [{ name: 'project board' }],
  },
  { path: () => '/my-tasks', heading: 'My tasks', states: [{ name: 'my tasks' }] },
  { path: (world) => `/task/${world.taskId}`, heading: 'Alpha', states: [{ name: 'task page' }] },
  { path: () => '/dashboard', heading: 'Control Panel', states: [{ name: 'dashboard' }] },
  { path: () => '/inbox', heading: 'Inbox', states: [{ name: 'inbox' }] },
  { path: () => '/figma-radar', heading: /radar/i, states: [{ name: 'figma radar' }] },
  { path: () => '/settings/profile', heading: 'Settings', states: [{ name: 'settings: profile' }] },
  {
    path: () => '/settings/preferences',
    heading: 'Settings',
    states: [{ name: 'settings: preferences' }],
  },
  { path: () => '/settings/password', heading: 'Settings', states: [{ name: 'settings: password' }] },
  { path: () => '/settings/security', heading: 'Settings', states: [{ name: 'settings: security' }] },
  {
    path: (world) => `/settings/organization/${world.organizationId}`,
    heading: 'Settings',
    states: [{ name: 'settings: organization and members' }],
  },
  {
    path: (world) => `/settings/organization/${world.organizationId}/webhooks`,
    heading: 'Settings',
    states: [{ name: 'settings: webhooks' }],
  },
  { path: () => '/settings/figma', heading: 'Settings', states: [{ name: 'settings: figma' }] },
  {
    path: () => '/settings/api-tokens',
    heading: 'Settings',
    states: [
      {
        name: 'settings: api tokens, a new token shown once and the list',
        open: async (page) => {
          const form = page.getByRole('form', { name: 'New API token' });
          await form.getByRole('textbox', { name: 'Token name' }).fill('Accessibility check');
          await form.getByRole('button', { name: 'Create token' }).click();
          await expect(page.getByText('You will not see it again.')).toBeVisible();
          await expect(page.getByRole('table', { name: 'API tokens' })).toBeVisible();
        },
      },
    ],
  },
];

const schemes = ['light', 'dark'] as const;
type Scheme = (typeof schemes)[number];

/** The impacts this suite refuses; moderate and minor findings are printed, not failed. */
const BLOCKING = new Set(['serious', 'critical']);

/**
 * The seeded world, made once per server (so once per worker) on first use. A test-scoped fixture on
 * purpose: a worker-scoped one would give this file a worker, a browser and a server of its own.
 */
const worlds = new Map<string, Promise<AccessibilityWorld>>();

const accessibilityTest = test.extend<{ world: AccessibilityWorld }>({
  world: [
    async ({ browser, mail, figgle }, use) => {
      let world = worlds.get(figgle.url);
      if (!world) {
        world = seedAccessibilityWorld(browser, mail, figgle.url);
        worlds.set(figgle.url, world);
        // A failed seeding is tried again by the next test rather than failing them all.
        world.catch(() => worlds.delete(figgle.url));
      }
      await use(await world);
    },
    // The seeding (two people, an invitation, a project) has its own time, as it had as a worker
    // fixture, rather than eating into the first screen's.
    { timeout: 60_000 },
  ],
});

/** axe on the page as it is now: no serious or critical violation, and a real screen looked at. */
async function expectNoBlockingViolation(page: Page, label: string) {
  const results = await axeCheck(page);
  const described = results.violations.map(
    (violation) =>
      `${violation.impact} ${violation.id}: ${violation.help}\n` +
      violation.nodes
        .slice(0, 5)
        .map((node) => `    ${node.target.join(' ')} — ${node.failureSummary?.split('\n').join(' ')}`)
        .join('\n'),
  );
  if (described.length > 0) console.log(`${label}\n  ${described.join('\n  ')}`);
  const blocking = results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => violation.id);
  expect(blocking, `${label}\n${described.join('\n')}`).toEqual([]);
  // axe really looked at the screen: a blank page passes nothing.
  expect(results.passes.length, label).toBeGreaterThan(10);
}

/**
 * One page per worker, server, scheme and session, reused from screen to screen. Each screen is still
 * a full load of its address in a context that holds nothing but the session cookie: before it, the
 * page leaves the app for a file of the same origin that runs no script (the favicon), and the
 * origin's local storage and IndexedDB (the offline copy of the query cache) are cleared, so no
 * screen starts from what another left. What stays is the browser's memory of the app's immutable
 * assets and, since every navigation stays on one site, the renderer with the code it compiled: a
 * screen loads in about half the CPU of a new context's first load (about:blank instead of the
 * favicon would put each load in a new renderer again).
 */
const pages = new Map<string, Promise<Page>>();

function pageFor(
  browser: Browser,
  baseURL: string,
  world: AccessibilityWorld,
  screen: Screen,
  scheme: Scheme,
) {
  const key = `${baseURL} ${scheme} ${screen.signedOut ? 'signed out' : 'signed in'}`;
  let page = pages.get(key);
  if (!page) {
    page = (async () => {
      const context = await browser.newContext({
        baseURL,
        colorScheme: scheme,
        reducedMotion: 'reduce',
        // The offline worker installs the whole app shell a moment after load, in the middle of the
        // checks; no screen shows anything of it.
        serviceWorkers: 'block',
        storageState: screen.signedOut ? undefined : world.storageState,
      });
      return context.newPage();
    })();
    pages.set(key, page);
    page.catch(() => pages.delete(key));
  }
  return page;
}

/** Takes `page` off the app, so an idle page runs nothing, and clears what the app kept in its origin. */
async function leaveApp(page: Page, baseURL: string) {
  if (page.url() === 'about:blank') return;
  await page.goto('/favicon.svg');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', {
    origin: new URL(baseURL).origin,
    storageTypes: 'local_storage,indexeddb,cache_storage',
  });
  await cdp.detach();
}

/** Loads `screen` in `scheme` as a fresh context would, and waits until it is ready to check. */
async function visit(
  browser: Browser,
  baseURL: string,
  world: AccessibilityWorld,
  screen: Screen,
  scheme: Scheme,
): Promise<Page> {
  // The seeded session is cookies only (made over HTTP, no page ever opened): clearing the origin's
  // storage takes nothing of it.
  const page = await pageFor(browser, baseURL, world, screen, scheme);
  await leaveApp(page, baseURL);
  await page.goto(screen.path(world));
  await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
  // Loading placeholders would be checked instead of the screen: wait until none is left.
  await expect(page.locator('.mantine-Skeleton-root, .mantine-Loader-root')).toHaveCount(0);
  return page;
}

// The screens are independent of each other: spread them over the workers, so this file (the
// longest of the suite) does not run alone on one worker at the end of a CI run. The seeded world is
// made once per worker's server.
accessibilityTest.describe.configure({ mode: 'parallel' });

// One test per state, as before; the states of one screen run in order on one visit of it (serial:
// the first loads the screen, each takes it back to how it loaded, the last closes it).
for (const scheme of schemes) {
  accessibilityTest.describe(`accessibility in ${scheme} mode`, () => {
    for (const screen of screens) {
      accessibilityTest.describe.serial(screen.states[0]!.name, () => {
        let page: Page | undefined;
        accessibilityTest.afterAll(async ({ figgle }) => {
          if (page) await leaveApp(page, figgle.url);
          page = undefined;
        });
        screen.states.forEach((state, index) => {
          accessibilityTest(
            `${state.name}: no serious or critical axe violation`,
            async ({ browser, baseURL, world }) => {
              if (index === 0 || !page) page = await visit(browser, baseURL, world, screen, scheme);
              await state.open?.(page);
              await expectNoBlockingViolation(page, `[${scheme}] ${state.name}`);
              await state.close?.(page);
              if (index === screen.states.length - 1) {
                await leaveApp(page, baseURL);
                page = undefined;
              }
            },
          );
        });
      });
    }
  });
}
