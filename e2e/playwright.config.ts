import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results',
  timeout: 60_000,
  // CI runs two workers, each with a server and a browser, on two cores: a page's first load can take
  // longer there than on a developer's machine.
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  fullyParallel: false,
  workers: 2,
  // One retry in CI only: a machine shared by parallel servers and browsers can miss a timing; Playwright still reports the flake.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  reporter: [['list']],
  use: {
    trace: 'retain-on-failure',
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
