import { type SignedInUser, signUpWithOrganization } from '@figgle/test-support/api-users';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { joinByInvitation } from './join-by-invitation.ts';
import { createProjectWithTask } from './task-page-setup.ts';

export interface TwoMembers {
  pageA: Page;
  pageB: Page;
  /** Ben's browser context (to take offline or close). */
  contextB: BrowserContext;
  /** The owner of the organization (Ada Author). */
  ada: SignedInUser;
  /** A member Ada invited (Ben), each in a browser context of their own. */
  ben: SignedInUser;
  projectId: string;
  taskId: string;
}

/**
 * Ada owns an organization with one project (Website, WEB) and one task; Ben is a member of it,
 * signed in in a second browser context. Both made through the real flows over HTTP.
 */
export async function twoMembersOfOneOrganization(
  { pageA, browser, mail, baseURL }: { pageA: Page; browser: Browser; mail: MailCatcher; baseURL: string },
  { benLastname, task }: { benLastname: string; task: string },
): Promise<TwoMembers> {
  const contextB = await browser.newContext({ baseURL });
  const pageB = await contextB.newPage();
  const ada = await signUpWithOrganization(pageA, mail, baseURL, {
    firstname: 'Ada',
    lastname: 'Author',
    organization: 'Studio',
  });
  const ben = await signUpWithOrganization(pageB, mail, baseURL, {
    firstname: 'Ben',
    lastname: benLastname,
    organization: 'Ben at home',
  });
  await joinByInvitation(
    { inviter: pageA.request, invitee: pageB.request, mail, baseURL },
    ada.organizationId,
    { firstname: 'Ben', lastname: benLastname, email: ben.email },
  );
  const { projectId, taskId } = await createProjectWithTask(pageA, baseURL, ada.organizationId, {
    project: 'Website',
    trigram: 'WEB',
    task,
  });
  return { pageA, pageB, contextB, ada, ben, projectId, taskId };
}

/** The live connection is up (the app marks it on the page's root element). */
export async function live(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'open');
}
