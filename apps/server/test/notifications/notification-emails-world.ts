import type { CaughtMail, MailCatcher } from '@figgle/test-support/mail-catcher';
import { startTestServer, type TestServer } from '@figgle/test-support/test-server';
import type { TestUser } from '@figgle/test-support/users';
import { startMailCatcher } from '@figgle/test-support/users';
import { expect } from 'vitest';
import { type DrivenClock, drivenClock } from '../../src/clock/clock.ts';
import { createOrganizationWorld, type OrganizationWorld } from '../organizations/organizations-world.ts';
import { createProject, createTask } from '../realtime/realtime-world.ts';

export interface EmailWorld extends OrganizationWorld {
  server: TestServer;
  mail: MailCatcher;
  clock: DrivenClock;
  projectId: string;
}

/** A server whose clock the test drives, mailing a real SMTP catcher; an organization with a project. */
export async function startEmailWorld(): Promise<EmailWorld> {
  const mail = await startMailCatcher();
  const clock = drivenClock();
  const server = await startTestServer({ SMTP_URL: mail.url }, { clock });
  const world = await createOrganizationWorld(server, mail);
  const projectId = await createProject(world.owner, world.organizationId, 'Website');
  return { ...world, server, mail, clock, projectId };
}

export async function stopEmailWorld(world: EmailWorld | undefined): Promise<void> {
  await world?.server.close();
  await world?.mail.stop();
}

export async function setPreferences(
  user: TestUser,
  preferences: { email_level: string; daily_digest?: boolean; time_zone?: string },
): Promise<void> {
  const response = await user.api('/api/me/notification-preferences', {
    method: 'PUT',
    body: { daily_digest: false, time_zone: 'Europe/Paris', ...preferences },
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

export async function patchTask(
  user: TestUser,
  taskId: string,
  body: Record<string, unknown>,
): Promise<void> {
  const response = await user.api(`/api/tasks/${taskId}`, { method: 'PATCH', body });
  expect(response.status, await response.clone().text()).toBe(200);
}

export { createTask };

/** Waits `ms` for mail that must not come (a second email, one to the wrong person). */
export const quietFor = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The notification emails to `user` so far (sign-up and invitation emails left out). */
export function notificationEmailsTo(mail: MailCatcher, user: TestUser): CaughtMail[] {
  return mail.to(user.email).filter((m) => m.headers['list-unsubscribe'] !== undefined);
}

/** Jobs of a kind, to see what the queue holds. */
export async function jobsOf(world: EmailWorld, kind: string) {
  return world.server.deps.db
    .selectFrom('job')
    .select(['state', 'attempts', 'payload', 'run_at', 'last_error', 'dedupe_key'])
    .where('kind', '=', kind)
    .orderBy('created_at')
    .execute();
}
