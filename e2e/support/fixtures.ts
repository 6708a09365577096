import { type FiggleServer, startFiggleServer } from '@figgle/test-support/figgle-server';
import { MailCatcher } from '@figgle/test-support/mail-catcher';
import { type BrowserContext, test as base, type WorkerFixture } from '@playwright/test';
import { type TwoMembers, twoMembersOfOneOrganization } from './two-members.ts';

interface WorkerFixtures {
  mail: MailCatcher;
  figgle: FiggleServer;
}

interface TestFixtures {
  baseURL: string;
  /** Attaches the end of the worker's server output to a failed test's report. */
  serverOutputOnFailure: undefined;
  /**
   * `twoMembersOfOneOrganization` with Ada on the test's page and Ben in a browser context of his
   * own, which closes after the test.
   */
  twoMembers: (names: { benLastname: string; task: string }) => Promise<TwoMembers>;
}

/** The worker's Figgle server: its mail goes to the worker's catcher, `settings` add to its environment. */
function figgleWith(
  settings: Record<string, string>,
): [WorkerFixture<FiggleServer, WorkerFixtures>, { scope: 'worker'; timeout: number }] {
  return [
    async ({ mail }, use) => {
      const server = await startFiggleServer({ SMTP_URL: mail.url, ...settings });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ];
}

/** One real SMTP catcher and one real Figgle server per worker; tests use unique emails. */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  mail: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
    async ({}, use) => {
      const catcher = new MailCatcher();
      await catcher.start();
      await use(catcher);
      await catcher.stop();
    },
    { scope: 'worker' },
  ],
  // Webhook journeys send to a receiver on loopback.
  figgle: figgleWith({ WEBHOOKS_ALLOW_PRIVATE: 'true' }),
  baseURL: async ({ figgle }, use) => use(figgle.url),
  // A failure the page shows as "the server cannot be reached" is explained by what the server said
  // meanwhile (its warnings and errors: LOG_LEVEL=warn), which the report would not show otherwise.
  serverOutputOnFailure: [
    async ({ figgle }, use, testInfo) => {
      const before = figgle.output().length;
      await use(undefined);
      if (testInfo.status !== testInfo.expectedStatus) {
        const said = figgle.output().slice(before).slice(-20_000);
        await testInfo.attach('server output during the test', {
          body: said || '(nothing)',
          contentType: 'text/plain',
        });
      }
    },
    { auto: true },
  ],
  twoMembers: async ({ page, browser, mail, baseURL }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (names) => {
      const members = await twoMembersOfOneOrganization({ pageA: page, browser, mail, baseURL }, names);
      contexts.push(members.contextB);
      return members;
    });
    for (const context of contexts) await context.close();
  },
});

/**
 * The e2e test with a server of its own per worker, started with `settings` in its environment
 * instead of the default ones (a test clock, a trusted proxy). A worker of its own: see
 * docs/CONVENTIONS.md, Tests.
 */
export function testWithServer(settings: Record<string, string>) {
  return test.extend({ figgle: figgleWith(settings) });
}

export { expect } from '@playwright/test';

let counter = 0;
/** A unique address per call, so tests sharing a server never collide. */
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${process.pid}-${counter}@example.test`;
}
