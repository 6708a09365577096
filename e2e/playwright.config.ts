import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results',
  timeout: 60_000,
  // CI runs two workers, each with a server and a browser, on two cores: a page's first load can take
  // longer there than on a developer's machine.
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  fullyParallel: false,
  // Two workers: each is a Figgle server plus a Chromium, and CI has two cores. The issue-36 baseline
  // is 33.7 min for the whole suite at 2 workers on a quiet 2-core CI machine. The comparison with 3
  // workers asked for there could not be measured on the shared development machine: its load stayed
  // between 30 and 61 (eight engineers' test runs on 2 cores) throughout, one file took 4 to 7 min,
  // and a worker's server took up to 115 s to start. Measure 2 against 3 on a quiet machine
  // (`CI=true nice -n 5 npx playwright test -c e2e/playwright.config.ts --workers=N`, with `uptime`)
  // before changing this.
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
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
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
