import { FakeFigma } from '@figgle/test-support/fake-figma';
import { type FiggleServer, startFiggleServer } from '@figgle/test-support/figgle-server';
import { test } from './fixtures.ts';

/**
 * The e2e test with each worker's Figgle talking to its own fake Figma (FIGMA_API_URL), which
 * accepts `token` as a personal token. `settings` adds to the server's environment.
 */
export function testWithFakeFigma(token: string, settings: Record<string, string> = {}) {
  return test.extend<object, { fakeFigma: FakeFigma; figgle: FiggleServer }>({
    fakeFigma: [
      // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
      async ({}, use) => {
        const figma = await new FakeFigma({ tokens: [token] }).start();
        await use(figma);
        await figma.stop();
      },
      { scope: 'worker' },
    ],
    figgle: [
      async ({ mail, fakeFigma }, use) => {
        const server = await startFiggleServer({
          SMTP_URL: mail.url,
          FIGMA_API_URL: fakeFigma.url,
          ...settings,
        });
        await use(server);
        await server.stop();
      },
      { scope: 'worker', timeout: 120_000 },
    ],
  });
}
