import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { signUpWithOrganization } from '@figgle/test-support/api-users';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type axe from 'axe-core';
import type { AxeResults, ElementContext, RunOptions } from 'axe-core';
import { joinByInvitation } from '../support/join-by-invitation.ts';
import { createProjectWithTask } from '../support/task-page-setup.ts';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

export interface AccessibilityWorld {
  /** Ada's signed-in session, to open every screen as her. */
  storageState: StorageState;
  organizationId: string;
  projectId: string;
  taskId: string;
}

/**
 * Screens with something on them, made through the real API: Ada owns "Studio" with the project
 * "Website" and her task "Alpha"; Ben, a member, comments on it and moves it, so Ada's inbox, the
 * members table, the timeline and the dashboard all have rows to check.
 */
export async function seedAccessibilityWorld(
  browser: Browser,
  mail: MailCatcher,
  baseURL: string,
): Promise<AccessibilityWorld> {
  const headers = { origin: baseURL };
  const adaContext = await browser.newContext({ baseURL });
  const benContext = await browser.newContext({ baseURL });
  const ada = await signUpWithOrganization(await adaContext.newPage(), mail, baseURL, {
    firstname: 'Ada',
    lastname: 'Owner',
    organization: 'Studio',
  });
  const ben = await signUpWithOrganization(await benContext.newPage(), mail, baseURL, {
    firstname: 'Ben',
    lastname: 'Member',
    organization: 'Ben at home',
  });
  await joinByInvitation(
    { inviter: adaContext.request, invitee: benContext.request, mail, baseURL },
    ada.organizationId,
    { firstname: ben.firstname, lastname: ben.lastname, email: ben.email },
  );

  const adaPage = adaContext.pages()[0]!;
  const { projectId, taskId } = await createProjectWithTask(adaPage, baseURL, ada.organizationId, {
    project: 'Website',
    trigram: 'WEB',
    task: 'Alpha',
  });
  const me = (await (await adaContext.request.get('/api/me')).json()) as { user_id: string };
  await expectOk(
    adaContext.request.patch(`/api/tasks/${taskId}`, { headers, data: { assignee_id: me.user_id } }),
  );
  await expectOk(
    adaContext.request.post(`/api/projects/${projectId}/tasks`, { headers, data: { title: 'Beta' } }),
  );
  await expectOk(
    benContext.request.post(`/api/tasks/${taskId}/comments`, {
      headers,
      data: { content_json: { ops: [{ insert: 'Looks good to me\n' }] } },
    }),
  );
  await expectOk(benContext.request.patch(`/api/tasks/${taskId}`, { headers, data: { status: 'DOING' } }));

  const storageState = await adaContext.storageState();
  await adaContext.close();
  await benContext.close();
  return { storageState, organizationId: ada.organizationId, projectId, taskId };
}

async function expectOk(response: Promise<{ ok(): boolean; status(): number; text(): Promise<string> }>) {
  const answer = await response;
  if (!answer.ok()) throw new Error(`seeding failed: ${answer.status()} ${await answer.text()}`);
}

/** axe-core's own minified build of the version AxeBuilder loads: the same code in half the bytes to parse. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** The context AxeBuilder hands `axe.run` when no part of the page is included or excluded. */
const WHOLE_PAGE = { exclude: [], include: [] };
/** What AxeBuilder's legacy mode configures in the page before each run. */
const CONFIGURE = `axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } })`;
/** Only violations list every node; passes, incomplete and inapplicable keep one node each. */
const OPTIONS: RunOptions = { resultTypes: ['violations'] };

/**
 * Every axe rule on the whole page (or on the part `within` names, as the builder's `.include`), as
 * `new AxeBuilder({ page }).analyze()` runs them, in a fraction of its time. By default the builder runs axe in each frame, copies the partial results into a blank
 * page it opens, injects axe there a second time and finishes the run in it: that round trip exists
 * for cross-origin frames. A page without frames runs `axe.run` in place, as the builder's legacy
 * mode does, with the same rules on the same nodes and the same configuration; a page with frames
 * keeps the default. The legacy mode itself sends axe's 1.3 MB source to the page twice per check
 * and compiles it twice; here the same version's minified build (580 kB) is sent once per document,
 * only when the page does not hold axe yet (a second state of the same screen reuses it, as repeated
 * `axe.run` calls in one page do). Only violations list every node: passes keep one node each (the
 * suite reads only which rules passed), which spares axe building a selector and an HTML excerpt for
 * each of the hundreds of nodes a rule passed on.
 */
export async function axeCheck(page: Page, within?: string): Promise<AxeResults> {
  if (page.frames().length !== 1) {
    const builder = new AxeBuilder({ page }).options(OPTIONS);
    return (within ? builder.include(within) : builder).analyze();
  }
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
    // `within`: the context AxeBuilder's `.include(within)` hands it.
    { context: within ? { exclude: [], include: [within] } : WHOLE_PAGE, options: OPTIONS },
  );
  if (answer.error !== null || !answer.results) throw new Error(answer.error ?? 'axe answered nothing');
  return answer.results;
}
