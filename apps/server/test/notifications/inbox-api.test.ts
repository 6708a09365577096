// @database pglite
import type { InboxEntryView, InboxPage, InboxStatusView } from '@figgle/shared/inbox-schemas';
import { describeLogChange } from '@figgle/shared/log-type';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { apiAs, createUser, serverWithMail, type TestUser } from '@figgle/test-support/users';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEnginesWorld, createOrganizationAs, giveRule } from '../organizations/organizations-world.ts';
import { countStatements } from '../support/count-statements.ts';
import { createProject as createProjectAs } from '../support/projects.ts';

let server: TestServer;
let mail: MailCatcher;
let ada: TestUser;
let carol: TestUser;
let bob: TestUser;
let adaOrg: string;
let bobOrg: string;

const createProject = (user: TestUser, organizationId: string, name: string, emoji = 'fox') =>
  createProjectAs(user, organizationId, name, name.slice(0, 3), { emoji });

async function createTask(user: TestUser, projectId: string, title: string) {
  const response = await user.api(`/api/projects/${projectId}/tasks`, { body: { title } });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { task_id: string; reference: number };
}

async function patchTask(user: TestUser, taskId: string, body: Record<string, unknown>) {
  const response = await user.api(`/api/tasks/${taskId}`, { method: 'PATCH', body });
  expect(response.status, await response.clone().text()).toBe(200);
}

async function inbox(user: TestUser, query = ''): Promise<InboxPage> {
  const response = await user.api(`/api/inbox${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as InboxPage;
}

async function status(user: TestUser): Promise<InboxStatusView> {
  const response = await user.api('/api/inbox/status');
  expect(response.status).toBe(200);
  return (await response.json()) as InboxStatusView;
}

async function markSeen(user: TestUser): Promise<InboxStatusView> {
  const response = await user.api('/api/inbox/seen', { method: 'POST' });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as InboxStatusView;
}

const wordsOf = (entry: InboxEntryView) =>
  entry.type === 'COMMENT' ? `comment: ${entry.comment}` : describeLogChange(entry.metadata, entry.people);

serverWithMail((started) => ({ server, mail } = started));
beforeAll(async () => {
  ({ ada, carol, bob, adaOrg, bobOrg } = await createEnginesWorld(server, mail));
});

describe('GET /api/inbox', () => {
  it('answers 401 without a session and 400 for a bad page', async () => {
    expect((await apiAs(server, '')('/api/inbox')).status).toBe(401);
    for (const query of [
      '?offset=-1',
      '?limit=0',
      '?limit=51',
      '?limit=ten',
      '?offset=1.5',
      '?offset=10001',
    ]) {
      const response = await ada.api(`/api/inbox${query}`);
      expect(response.status, query).toBe(400);
      expect(await response.json()).toMatchObject({ statusCode: 400, code: 'validation_failed' });
    }
  });

  it('lists every change of a task newest first, with author, task, project and the change in words', async () => {
    const projectId = await createProject(ada, adaOrg, 'Analytical', 'octopus');
    const task = await createTask(ada, projectId, 'Punch cards');
    await patchTask(carol, task.task_id, { status: 'DOING' });
    await patchTask(carol, task.task_id, { title: 'Punched cards' });
    await patchTask(ada, task.task_id, { assignee_id: carol.userId });
    const content = await carol.api(`/api/tasks/${task.task_id}/content`, {
      method: 'PATCH',
      body: { content_json: { ops: [{ insert: 'Read the cards\n' }] } },
    });
    expect(content.status, await content.clone().text()).toBe(200);
    const comment = await carol.api(`/api/tasks/${task.task_id}/comments`, {
      body: { content_json: { ops: [{ insert: 'Looks   good\nto me\n' }] } },
    });
    expect(comment.status, await comment.clone().text()).toBe(201);

    const { entries, has_more } = await inbox(ada, '?limit=6');
    expect(has_more).toBe(false);
    expect(entries.map((entry) => entry.type)).toEqual([
      'COMMENT',
      'CONTENT',
      'ASSIGNEE',
      'TITLE',
      'STATUS',
      'CREATION',
    ]);
    expect(entries.map(wordsOf)).toEqual([
      'comment: Looks good to me',
      'description edited',
      'assignee Carol Shaw',
      'title "Punch cards" → "Punched cards"',
      'status To Do → Doing',
      'status To Do, title "Punch cards"',
    ]);
    const carolPerson = { user_id: carol.userId, firstname: 'Carol', lastname: 'Shaw' };
    const adaPerson = { user_id: ada.userId, firstname: 'Ada', lastname: 'Lovelace' };
    expect(entries.map((entry) => entry.author)).toEqual([
      carolPerson,
      carolPerson,
      adaPerson,
      carolPerson,
      carolPerson,
      adaPerson,
    ]);
    for (const entry of entries) {
      expect(entry.task).toEqual({
        task_id: task.task_id,
        reference: task.reference,
        title: 'Punched cards',
      });
      expect(entry.project).toEqual({
        project_id: projectId,
        name: 'Analytical',
        emoji: 'octopus',
        trigram: 'ANA',
      });
      expect(Date.parse(entry.created_at)).toBeLessThanOrEqual(Date.now());
    }
    const times = entries.map((entry) => Date.parse(entry.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // Carol sees the same organization's activity.
    expect((await inbox(carol, '?limit=6')).entries.map((entry) => entry.entry_id)).toEqual(
      entries.map((entry) => entry.entry_id),
    );
  });

  it('never shows another organization’s activity', async () => {
    const bobProject = await createProject(bob, bobOrg, 'Secret');
    await createTask(bob, bobProject, 'Hidden plan');
    const adaEntries = (await inbox(ada, '?limit=50')).entries;
    expect(adaEntries.some((entry) => entry.project.project_id === bobProject)).toBe(false);
    const bobEntries = (await inbox(bob, '?limit=50')).entries;
    expect(bobEntries.map((entry) => entry.task.title)).toEqual(['Hidden plan']);
  });

  it('shows Figma as a null author with the commenter’s handle, and survives odd metadata', async () => {
    const projectId = await createProject(ada, adaOrg, 'Figma side');
    const task = await createTask(ada, projectId, 'From a design');
    const db = server.deps.db;
    const comment = await db
      .insertInto('comment')
      .values({
        task_id: task.task_id,
        author_id: null,
        author_name: 'grace.h',
        content_json: JSON.stringify({ ops: [{ insert: 'Please align the header\n' }] }),
      })
      .returning(['comment_id', 'created_at'])
      .executeTakeFirstOrThrow();
    await db
      .insertInto('log')
      .values([
        {
          task_id: task.task_id,
          project_id: projectId,
          organization_id: adaOrg,
          author_id: null,
          type: 'COMMENT',
          metadata: JSON.stringify({ comment_id: comment.comment_id }),
          created_at: comment.created_at,
        },
        {
          task_id: task.task_id,
          project_id: projectId,
          organization_id: adaOrg,
          author_id: carol.userId,
          type: 'ASSIGNEE',
          metadata: JSON.stringify({ assignee_id: { old: 'not-a-uuid', new: 'x' }, extra: 1 }),
          created_at: new Date(comment.created_at.getTime() + 1),
        },
      ])
      .execute();

    const [odd, figma] = (await inbox(ada, '?limit=2')).entries;
    expect(odd).toMatchObject({ type: 'ASSIGNEE', metadata: {}, people: {}, comment: null });
    expect(figma).toMatchObject({
      type: 'COMMENT',
      author: null,
      author_name: 'grace.h',
      comment: 'Please align the header',
      metadata: {},
    });
  });

  it('pages with offset and limit, newest first, without gaps or repeats', async () => {
    const projectId = await createProject(carol, adaOrg, 'Paging');
    const task = await createTask(carol, projectId, 'Step 0');
    for (let i = 1; i <= 24; i++) await patchTask(carol, task.task_id, { title: `Step ${i}` });

    const all = (await inbox(ada, '?limit=50')).entries;
    expect(all.length).toBeGreaterThanOrEqual(25);
    const first = await inbox(ada);
    expect(first.entries).toHaveLength(10);
    expect(first.has_more).toBe(true);
    expect(first.entries[0]!.task.title).toBe('Step 24');
    const second = await inbox(ada, '?offset=10&limit=10');
    const third = await inbox(ada, '?offset=20&limit=10');
    expect([...first.entries, ...second.entries, ...third.entries].map((entry) => entry.entry_id)).toEqual(
      all.slice(0, 30).map((entry) => entry.entry_id),
    );
    const last = await inbox(ada, `?offset=${all.length - 1}&limit=10`);
    expect(last.entries.map((entry) => entry.entry_id)).toEqual([all.at(-1)!.entry_id]);
    expect(last.has_more).toBe(false);
    expect((await inbox(ada, `?offset=${all.length}`)).entries).toEqual([]);
  });

  it('leaves out the activity of deleted tasks and deleted projects', async () => {
    const projectId = await createProject(ada, adaOrg, 'Doomed');
    const kept = await createTask(ada, projectId, 'Kept task');
    const gone = await createTask(ada, projectId, 'Gone task');
    const remove = await ada.api(`/api/tasks/${gone.task_id}`, { method: 'DELETE' });
    expect(remove.status).toBe(204);
    let titles = (await inbox(ada, '?limit=50')).entries.map((entry) => entry.task.title);
    expect(titles).toContain('Kept task');
    expect(titles).not.toContain('Gone task');

    const removeProject = await ada.api(`/api/projects/${projectId}`, { method: 'DELETE' });
    expect(removeProject.status).toBe(204);
    titles = (await inbox(ada, '?limit=50')).entries.map((entry) => entry.task.title);
    expect(titles).not.toContain('Kept task');
    expect(kept.task_id).toBeTruthy();
  });

  it('reads a page in the same number of queries for 2 entries as for 30 (no query per entry)', async () => {
    const dave = await createUser(server, mail, { firstname: 'Dave', lastname: 'Few' });
    const daveOrg = await createOrganizationAs(dave, 'Quiet');
    const projectId = await createProject(dave, daveOrg, 'Tiny');
    const task = await createTask(dave, projectId, 'One');
    await patchTask(dave, task.task_id, { status: 'DONE' });

    // Warm any per-session lookup of both (the embedded database remembers sessions).
    await inbox(dave);
    await inbox(ada, '?limit=30');
    const forTwo = await countStatements(async () => expect((await inbox(dave)).entries).toHaveLength(2));
    expect(forTwo).toBeGreaterThan(0);
    const forThirty = await countStatements(async () =>
      expect((await inbox(ada, '?limit=30')).entries).toHaveLength(30),
    );
    expect(forThirty).toBe(forTwo);
  });
});

describe('the inbox dot', () => {
  it('shows activity by others since the last visit; the visit clears it on every device', async () => {
    const eve = await createUser(server, mail, { firstname: 'Eve', lastname: 'Early' });
    const eveOrg = await createOrganizationAs(eve, 'Dots');
    const projectId = await createProject(eve, eveOrg, 'Dotted');
    // Her own work is no news to her.
    const task = await createTask(eve, projectId, 'Mine');
    expect((await status(eve)).has_new).toBe(false);

    const frank = await createUser(server, mail, { firstname: 'Frank', lastname: 'Late' });
    await giveRule(server, eveOrg, frank.userId, 'MEMBER');
    // What happened before Frank's account existed is not new to him.
    expect((await status(frank)).has_new).toBe(false);

    await patchTask(frank, task.task_id, { status: 'DOING' });
    expect((await status(eve)).has_new).toBe(true);
    expect((await status(frank)).has_new).toBe(false);

    const before = (await status(eve)).inbox_seen_at;
    const seen = await markSeen(eve);
    expect(seen.has_new).toBe(false);
    expect(Date.parse(seen.inbox_seen_at)).toBeGreaterThan(Date.parse(before));
    // Another device (another session of Eve) agrees.
    const otherDevice = await eve.api('/api/auth/sign-in/email', {
      body: { email: eve.email, password: eve.password },
    });
    expect(otherDevice.ok).toBe(true);
    const otherCookie = otherDevice.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; ');
    const other = await apiAs(server, otherCookie)('/api/inbox/status');
    expect(await other.json()).toMatchObject({ has_new: false, inbox_seen_at: seen.inbox_seen_at });

    const comment = await frank.api(`/api/tasks/${task.task_id}/comments`, {
      body: { content_json: { ops: [{ insert: 'On it\n' }] } },
    });
    expect(comment.status).toBe(201);
    expect((await status(eve)).has_new).toBe(true);
  });

  it('ignores activity of a deleted task and of organizations the user left', async () => {
    const gail = await createUser(server, mail, { firstname: 'Gail', lastname: 'Gone' });
    const gailOrg = await createOrganizationAs(gail, 'Leaving');
    const projectId = await createProject(gail, gailOrg, 'Temp');
    const task = await createTask(gail, projectId, 'Short lived');
    const hal = await createUser(server, mail, { firstname: 'Hal', lastname: 'Helper' });
    await giveRule(server, gailOrg, hal.userId, 'MEMBER');
    await patchTask(hal, task.task_id, { title: 'Shorter lived' });
    expect((await status(gail)).has_new).toBe(true);
    expect((await gail.api(`/api/tasks/${task.task_id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await status(gail)).has_new).toBe(false);

    const other = await createTask(gail, projectId, 'Still here');
    await patchTask(gail, other.task_id, { status: 'DONE' });
    await server.deps.db.deleteFrom('rule').where('user_id', '=', hal.userId).execute();
    expect((await inbox(hal)).entries).toEqual([]);
  });

  it('needs a session and the app’s own origin to mark the inbox seen', async () => {
    expect((await apiAs(server, '')('/api/inbox/status')).status).toBe(401);
    expect((await apiAs(server, '')('/api/inbox/seen', { method: 'POST' })).status).toBe(401);
    const before = (await status(ada)).inbox_seen_at;
    const foreign = await ada.api('/api/inbox/seen', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect((await status(ada)).inbox_seen_at).toBe(before);
  });
});
