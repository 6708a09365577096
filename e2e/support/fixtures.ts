import { type FiggleServer, startFiggleServer } from '@figgle/test-support/figgle-server';
import { MailCatcher } from '@figgle/test-support/mail-catcher';
import { test as base } from '@playwright/test';

interface WorkerFixtures {
  mail: MailCatcher;
  figgle: FiggleServer;
}

/** One real SMTP catcher and one real Figgle server per worker; tests use unique emails. */
export const test = base.extend<{ baseURL: string }, WorkerFixtures>({
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
  figgle: [
    async ({ mail }, use) => {
      // Webhook journeys send to a receiver on loopback.
      const server = await startFiggleServer({ SMTP_URL: mail.url, WEBHOOKS_ALLOW_PRIVATE: 'true' });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ figgle }, use) => use(figgle.url),
});

export { expect } from '@playwright/test';

let counter = 0;
/** A unique address per call, so tests sharing a server never collide. */
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${process.pid}-${counter}@example.test`;
}
