import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type FiggleServer, startFiggleServer } from '@figgle/test-support/figgle-server';
import { MailCatcher } from '@figgle/test-support/mail-catcher';
import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface BrowserBenchWorld {
  browser: Browser;
  server: FiggleServer;
  mail: MailCatcher;
}

/**
 * What a browser benchmark stands on: the built web app served by a real server (temporary data
 * directory, free port), a mail catcher for sign-up and Chromium. All three are stopped after `body`,
 * whether it finished or threw.
 */
export async function withBrowserBench<T>(body: (world: BrowserBenchWorld) => Promise<T>): Promise<T> {
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('build the web app first: npm run build -w @figgle/web');
  }
  const mail = new MailCatcher();
  await mail.start();
  let server: FiggleServer | undefined;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    // On a busy machine PGlite's first start can take most of a minute.
    server = await startFiggleServer({ SMTP_URL: mail.url, LOG_LEVEL: 'error' }, { startTimeoutMs: 120_000 });
    return await body({ browser, server, mail });
  } finally {
    await browser.close();
    await server?.stop();
    await mail.stop();
  }
}
