import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type axe from 'axe-core';
import type { AxeResults, ElementContext, RunOptions } from 'axe-core';

/** axe-core's own minified build of the version AxeBuilder loads. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** What AxeBuilder's legacy mode configures in the page before each run. */
const CONFIGURE = `axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } })`;
/** Only violations list every node; passes, incomplete and inapplicable keep one node each. */
const OPTIONS: RunOptions = { resultTypes: ['violations'] };

/**
 * Every axe rule on the part of the page `selector` names, as `new AxeBuilder({ page })
 * .include(selector).analyze()` checks it (the same context, rules and configuration), run in the
 * page itself as `axeCheck` (e2e/tests/accessibility-support.ts) runs a whole page: the builder's
 * default opens a blank page and injects axe's full source twice per check, while this sends the
 * minified build once per document. Violations list every node; passes name each rule that passed
 * with one node. A page with frames keeps the builder.
 */
export async function axeCheckWithin(page: Page, selector: string): Promise<AxeResults> {
  if (page.frames().length !== 1)
    return new AxeBuilder({ page }).include(selector).options(OPTIONS).analyze();
  const hasAxe = await page.evaluate(
    () => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function',
  );
  if (!hasAxe) await page.evaluate(AXE_SOURCE);
  await page.evaluate(CONFIGURE);
  const answer = await page.evaluate(
    ({ context, options }) =>
      (window as unknown as { axe: typeof axe }).axe
        .run(context as ElementContext, options)
        .then((results) => ({ error: null, results }))
        .catch((error: Error) => ({ error: error.message, results: null })),
    { context: { exclude: [], include: [selector] }, options: OPTIONS },
  );
  if (answer.error !== null || !answer.results) throw new Error(answer.error ?? 'axe answered nothing');
  return answer.results;
}
