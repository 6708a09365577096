// @database pglite

import { createUser } from '@figgle/test-support/users';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from '../figma/figma-world.ts';
import { addMember } from '../organizations/organizations-world.ts';
import { ruleIdOf } from '../realtime/realtime-world.ts';
import {
  createTask,
  type EmailWorld,
  jobsOf,
  notificationEmailsTo,
  patchTask,
  setPreferences,
  startEmailWorld,
  stopEmailWorld,
} from './notification-emails-world.ts';
import { queueSettled } from './queue-settled.ts';

/** Emails of notifications, end to end: the API change, the trigger, the job, the SMTP server. */
let world: EmailWorld;
const TWO_MINUTES = 2 * 60_000;

beforeAll(async () => {
  world = await startEmailWorld();
}, 60_000);
afterAll(async () => stopEmailWorld(world));
beforeEach(() => world.clock.reset());

describe('an assignment', () => {
  it('sends the assignee one email within 10 s: title, project, reference, who, the link, both headers', async () => {
    const { owner, member, mail, server } = world;
    const taskId = await createTask(owner, world.projectId, 'Draw the <logo>');
    await patchTask(owner, taskId, { assignee_id: member.userId });

    const email = await mail.waitFor(member.email, /assigned you/, 10_000);
    expect(email.subject).toMatch(/^Olive Owner assigned you WEB-\d+: Draw the <logo>$/);
    for (const part of [email.text, email.html]) {
      expect(part).toContain('Website');
      expect(part).toContain('Olive Owner assigned the task to you');
      expect(part).toContain(`${server.url}/task/${taskId}`);
    }
    expect(email.text).toContain('Draw the <logo>');
    expect(email.html).toContain('Draw the &lt;logo&gt;');
    expect(email.headers['list-unsubscribe']).toMatch(
      new RegExp(`^<${server.url}/api/notifications/unsubscribe\\?token=[^>]+>$`),
    );
    expect(email.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(email.text).toContain(`${server.url}/api/notifications/unsubscribe?token=`);

    await queueSettled(world.server, 1_500);
    expect(
      notificationEmailsTo(mail, member).filter((m) => m.subject.includes(taskIdTitle(email))),
    ).toHaveLength(1);
    // The person who assigned gets nothing about their own change.
    expect(notificationEmailsTo(mail, owner)).toHaveLength(0);
  });
});

describe('a mention', () => {
  it('sends the person mentioned in a comment one email within 10 s, with the excerpt and the link', async () => {
    const { owner, member, mail, server } = world;
    const taskId = await createTask(owner, world.projectId, 'Mention me');
    const before = notificationEmailsTo(mail, member).length;
    const comment = await owner.api(`/api/tasks/${taskId}/comments`, {
      method: 'POST',
      body: {
        content_json: {
          ops: [
            { insert: 'Could you look, ' },
            { insert: { mention: { id: member.userId, value: 'Mia Member', denotationChar: '@' } } },
            { insert: '?\n' },
          ],
        },
      },
    });
    expect(comment.status, await comment.clone().text()).toBe(201);

    const email = await mail.waitFor(
      member.email,
      /^Olive Owner mentioned you in WEB-\d+: Mention me$/,
      10_000,
    );
    expect(email.text).toContain('Olive Owner mentioned you in a comment: “Could you look, @Mia Member?”');
    expect(email.text).toContain(`${server.url}/task/${taskId}`);
    expect(email.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    await queueSettled(world.server, 1_500);
    expect(notificationEmailsTo(mail, member)).toHaveLength(before + 1);
  });
});

/** The task's title as the subject names it. */
const taskIdTitle = (email: { subject: string }) => email.subject.split(': ').slice(1).join(': ');

describe('changes to a watched task', () => {
  it('batch five quick changes into one email at the end of the two-minute window', async () => {
    const { owner, member, mail, clock } = world;
    await setPreferences(owner, { email_level: 'watching' });
    // The owner wrote the task, so watches it; the member changes it five times.
    const taskId = await createTask(owner, world.projectId, 'Five changes');
    await patchTask(owner, taskId, { assignee_id: member.userId });
    const before = notificationEmailsTo(mail, owner).length;
    for (const status of ['DOING', 'DONE', 'TODO', 'DOING'] as const)
      await patchTask(member, taskId, { status });
    await patchTask(member, taskId, { priority: 'HIGH' });

    const [batch] = (await jobsOf(world, 'notification_batch')).filter((job) => job.state === 'pending');
    expect(batch).toBeDefined();
    await queueSettled(world.server, 1_500);
    expect(notificationEmailsTo(mail, owner)).toHaveLength(before);

    clock.advance(TWO_MINUTES + 1_000);
    const email = await mail.waitFor(owner.email, /^Updates on WEB-\d+: Five changes$/, 10_000);
    expect(email.text).toContain('Mia Member changed Status: To Do → Doing');
    expect(email.text).toContain('Mia Member changed Priority: None → High');
    expect(email.text.match(/Mia Member changed/g)).toHaveLength(5);
    expect(email.text).toContain(`${world.server.url}/task/${taskId}`);
    await queueSettled(world.server, 1_500);
    expect(notificationEmailsTo(mail, owner)).toHaveLength(before + 1);
  });

  it('never emails a person about their own change, and "Mentions and assignments" gets no batch', async () => {
    const { owner, member, mail, clock } = world;
    await setPreferences(member, { email_level: 'watching' });
    await setPreferences(owner, { email_level: 'mentions' });
    const taskId = await createTask(owner, world.projectId, 'My own task');
    await patchTask(owner, taskId, { assignee_id: member.userId });
    await mail.waitFor(member.email, /assigned you WEB-\d+: My own task/, 10_000);
    const memberBefore = notificationEmailsTo(mail, member).length;
    const ownerBefore = notificationEmailsTo(mail, owner).length;
    // The member's own change tells the owner (who watches as author, but chose mentions only).
    await patchTask(member, taskId, { status: 'DOING' });
    await patchTask(owner, taskId, { priority: 'URGENT' });
    await patchTask(member, taskId, { status: 'DONE' });
    clock.advance(TWO_MINUTES + 1_000);

    const email = await mail.waitFor(member.email, /^Updates on WEB-\d+: My own task$/, 10_000);
    expect(email.text).toContain('Olive Owner changed Priority: None → Urgent');
    expect(email.text).not.toContain('Mia Member changed');
    await queueSettled(world.server, 1_500);
    expect(notificationEmailsTo(mail, member)).toHaveLength(memberBefore + 1);
    expect(notificationEmailsTo(mail, owner)).toHaveLength(ownerBefore);
  });
});

describe('a person removed from the organization', () => {
  it('is emailed about nothing more, even what was queued before', async () => {
    const { owner, mail, server, clock } = world;
    const leaver = await createUser(server, mail, { firstname: 'Lee', lastname: 'Leaver' });
    await addMember(owner, world.organizationId, leaver, mail);
    await setPreferences(leaver, { email_level: 'watching' });
    const taskId = await createTask(owner, world.projectId, 'Before leaving');
    await patchTask(owner, taskId, { assignee_id: leaver.userId });
    await mail.waitFor(leaver.email, /assigned you/, 10_000);
    // A change queued for the leaver's window, then the leaver is removed before it is sent.
    await patchTask(owner, taskId, { assignee_id: null });
    const pending = (await jobsOf(world, 'notification_batch')).filter(
      (job) => job.state === 'pending' && job.payload.user_id === leaver.userId,
    );
    expect(pending).toHaveLength(1);
    const ruleId = await ruleIdOf(server, world.organizationId, leaver.userId);
    const removed = await owner.api(`/api/organizations/${world.organizationId}/members/${ruleId}`, {
      method: 'DELETE',
    });
    expect(removed.status).toBe(204);

    clock.advance(TWO_MINUTES + 1_000);
    await eventually(async () => {
      const jobs = await jobsOf(world, 'notification_batch');
      return jobs.some((job) => job.payload.user_id === leaver.userId && job.state === 'done');
    }, 'the leaver’s batch job done');
    await queueSettled(world.server, 1_000);
    expect(notificationEmailsTo(mail, leaver)).toHaveLength(1);
  });
});
