import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Debian's headless shell (`apt-get install chromium-headless-shell`, which .ci/run installs) is the
// same Blink and V8 without the browser's own interface: on 2 cores the suite ran 21-30 % faster with
// it (decision 0036). Without it, the full /usr/bin/chromium runs the same tests.
const headlessShell = '/usr/bin/chromium-headless-shell';
const chromium = existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results',
  timeout: 60_000,
  // CI runs two workers, each with a server and a browser, on two cores: a page's first load can take
  // longer there than on a developer's machine.
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  fullyParallel: false,
  // Two workers: each is a Figgle server plus a Chromium, and CI has two cores. Measured on a quiet
  // 2-core machine (1 Dec 2026, the full Chromium): 2 workers 799 s (ci23), 3 workers 786 s with one
  // flaky test. The CPU stays at 0-1 % idle with either count, so a third worker only adds contention.
  workers: 2,
  // One retry in CI only: a machine shared by parallel servers and browsers can miss a timing; Playwright still reports the flake.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  // The list as the run goes; the JSON report is read by `npm test` (scripts/test.mjs) to name the
  // slowest files and the tests that passed only on their retry.
  reporter: [['list'], ['json', { outputFile: path.join(root, '.tmp/test-results/browser-tests.json') }]],
  use: {
    // A trace costs about a quarter of a test's CPU (a DOM snapshot and a screenshot per action,
    // measured on task-page-journey and search-palette: 103 s of CPU with traces, 76 s without), so CI
    // records one only for a retry, which is where a failure is looked at; a developer's run, which
    // has no retry, keeps the trace of each failed test.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    // The offline worker (public/sw.js) downloads and stores the whole app shell after each new
    // context's first load: seconds of CPU per test, for journeys it takes no part in (it leaves /api/
    // to the network). The specs about it (offline, reloads, the installable app) allow it with
    // `test.use({ serviceWorkers: 'allow' })`.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    // The person prefers reduced motion, which the theme respects (theme.ts): dialogs, menus and
    // popovers open and close at once instead of fading frame by frame. Five specs, alternated on a
    // quiet 2-core machine (3 Dec 2026): 214 and 213 s of CPU with motion, 202 and 186 s without.
    // The specs about motion itself (the filters' fade-out, a dropped card's glide) set
    // `reducedMotion: 'no-preference'` at their top, so the animated path stays proved.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
