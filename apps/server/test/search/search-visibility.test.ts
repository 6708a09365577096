// @database pglite
import type { SearchAnswer } from '@figgle/shared/search-schemas';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { serverWithMail } from '@figgle/test-support/users';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createOrganizationWorld,
  type OrganizationWorld,
  ruleOf,
} from '../organizations/organizations-world.ts';
import { addComment, createProject, createTask, search, searchPath } from './search-world.ts';

let server: TestServer;
let mail: MailCatcher;
serverWithMail((started) => ({ server, mail } = started));

let world: OrganizationWorld;
let projectId: string;
let taskReference: number;

/**
 * Every kind of result is reachable through one word, "zanzibar": a project named after it, a task
 * titled with it, another whose description holds it, a comment, and the owner's own last name.
 * The typo "zanzibr" and the prefix "zanzi" reach them too.
 */
beforeAll(async () => {
  world = await createOrganizationWorld(server, mail, 'Secretive');
  projectId = await createProject(world.owner, world.organizationId, 'Zanzibar launch', 'ZAN');
  const titled = await createTask(world.owner, projectId, 'Zanzibar pricing', {
    assignee_id: world.member.userId,
  });
  taskReference = titled.reference;
  const described = await createTask(world.owner, projectId, 'Quiet task', {
    description: 'zanzibar numbers inside',
  });
  await addComment(world.owner, described.task_id, [{ insert: 'zanzibar in a comment\n' }]);
  const renamed = await world.owner.api('/api/me', {
    method: 'PATCH',
    body: { firstname: 'Olive', lastname: 'Zanzibar' },
  });
  if (renamed.status !== 200) throw new Error(`rename: ${await renamed.text()}`);
}, 60_000);

const QUERIES = ['zanzibar', 'zanzi', 'zanzibr', 'ZAN', 'ZAN-1', '#1', 'Olive', 'pricing'];

function counts(answer: SearchAnswer) {
  return {
    tasks: answer.tasks.items.length,
    comments: answer.comments.items.length,
    projects: answer.projects.items.length,
    people: answer.people.items.length,
  };
}

const NOTHING = { tasks: 0, comments: 0, projects: 0, people: 0 };

describe('search finds only what the user may see', () => {
  it('gives a member every kind of result (the fixture is reachable)', async () => {
    const answer = await search(world.member, { q: 'zanzibar' });
    expect(counts(answer)).toEqual({ tasks: 2, comments: 1, projects: 1, people: 1 });
    expect(counts(await search(world.member, { q: 'zanzibr' }))).toMatchObject({ tasks: 2, comments: 1 });
    expect(
      (await search(world.member, { q: `ZAN-${taskReference}`, kinds: 'task' })).tasks.items[0]?.reference,
    ).toBe(`ZAN-${taskReference}`);
  });

  it('gives a non-member nothing of the organization, for every kind and every way of asking', async () => {
    for (const q of QUERIES) {
      const answer = await search(world.outsider, { q });
      expect(counts(answer), q).toEqual(NOTHING);
    }
    // The outsider is a person of their own organization.
    const own = await search(world.outsider, { q: 'Otto', kinds: 'person' });
    expect(own.people.items.map((item) => item.user_id)).toEqual([world.outsider.userId]);
  });

  it('answers 404 to a filter on a project of another organization, and finds nothing by its people', async () => {
    for (const name of ['project_id', 'context_project_id']) {
      const response = await world.outsider.api(searchPath({ q: 'zanzibar', [name]: projectId }));
      expect(response.status, name).toBe(404);
      const body = (await response.json()) as { message: string };
      expect(body.message).toBe('Project not found.');
    }
    const byAssignee = await search(world.outsider, { q: 'zanzibar', assignee: world.member.userId });
    expect(counts(byAssignee)).toEqual(NOTHING);
    const unknownProject = await world.member.api(
      searchPath({ q: 'zanzibar', project_id: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(unknownProject.status).toBe(404);
  });

  it('gives a removed member nothing of the organization any more', async () => {
    const before = await search(world.member, { q: 'zanzibar' });
    expect(counts(before)).toEqual({ tasks: 2, comments: 1, projects: 1, people: 1 });

    const rule = await ruleOf(server, world.organizationId, world.member.userId);
    const removed = await world.owner.api(
      `/api/organizations/${world.organizationId}/members/${rule!.rule_id}`,
      { method: 'DELETE' },
    );
    expect(removed.status).toBe(204);

    for (const q of QUERIES) expect(counts(await search(world.member, { q })), q).toEqual(NOTHING);
    const filtered = await world.member.api(searchPath({ q: 'zanzibar', project_id: projectId }));
    expect(filtered.status).toBe(404);
    // What they wrote or were assigned to stays out of reach too.
    expect(counts(await search(world.member, { q: 'pricing', assignee: 'me' }))).toEqual(NOTHING);
  });
});
