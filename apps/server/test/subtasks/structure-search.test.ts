// @database both

import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { serverWithMail, type TestUser } from '@figgle/test-support/users';
import { beforeAll, describe, expect, it } from 'vitest';
import { readSearchText } from '../../src/features/search/search-text.ts';
import { createOrganizationWorld, type OrganizationWorld } from '../organizations/organizations-world.ts';
import { createProject, createTask, search, searchPath } from '../search/search-world.ts';

/**
 * Issue 42, the structure in the search syntax: `parent:WEB-12` (its sub-tasks, in any project),
 * `is:blocked` (an open blocker), `has:parent` and `no:parent`, alone (a search of the filter) or with
 * words, like `estimate:`; never words of the text. Their SQL runs on both databases.
 */
let server: TestServer;
let mail: MailCatcher;
serverWithMail((started) => ({ server, mail } = started));

let world: OrganizationWorld;
let gatewayId: string;

const titles = (answer: { tasks: { items: Array<{ title: { text: string } }> } }) =>
  answer.tasks.items.map((item) => item.title.text).sort();

async function expectOk(response: Response, status: number) {
  expect(response.status, await response.clone().text()).toBe(status);
}

const underParent = async (user: TestUser, taskId: string, parentId: string) =>
  expectOk(
    await user.api(`/api/tasks/${taskId}/parent`, { method: 'PUT', body: { parent_id: parentId } }),
    200,
  );

const blocks = async (user: TestUser, blockerId: string, taskId: string) =>
  expectOk(
    await user.api(`/api/tasks/${blockerId}/relations`, { body: { side: 'blocks', task_id: taskId } }),
    201,
  );

beforeAll(async () => {
  world = await createOrganizationWorld(server, mail, 'Acme');
  const web = await createProject(world.owner, world.organizationId, 'Website', 'WEB');
  const api = await createProject(world.owner, world.organizationId, 'Backend', 'API');
  const redesign = await createTask(world.owner, web, 'Checkout redesign');
  expect(redesign.reference).toBe(1);
  for (const [project, title, status] of [
    [web, 'Checkout button', 'TODO'],
    [web, 'Checkout copy', 'DONE'],
    [api, 'Payment under', 'TODO'],
  ] as const) {
    const task = await createTask(world.owner, project, title, { status });
    await underParent(world.owner, task.task_id, redesign.task_id);
  }
  const form = await createTask(world.owner, web, 'Payment form');
  const receipt = await createTask(world.owner, web, 'Payment receipt');
  const gateway = await createTask(world.owner, api, 'Payment gateway');
  gatewayId = gateway.task_id;
  const finished = await createTask(world.owner, api, 'Payment finished', { status: 'DONE' });
  await blocks(world.owner, gateway.task_id, form.task_id);
  await blocks(world.owner, finished.task_id, receipt.task_id);

  // The outsider's own WEB-1, with a sub-task of its own.
  const theirs = await createProject(world.outsider, world.outsiderOrganizationId, 'Theirs', 'WEB');
  const theirParent = await createTask(world.outsider, theirs, 'Their checkout');
  const theirChild = await createTask(world.outsider, theirs, 'Their checkout step');
  await underParent(world.outsider, theirChild.task_id, theirParent.task_id);
}, 90_000);

describe('reading structure tokens', () => {
  it('takes them out of the words, whatever their case', () => {
    expect(readSearchText('checkout parent:web-12')).toMatchObject({
      words: ['checkout'],
      parents: [{ code: 'WEB', number: 12 }],
      blocked: false,
      hasParent: [],
    });
    expect(readSearchText('IS:BLOCKED')).toMatchObject({ words: [], blocked: true });
    expect(readSearchText('has:parent no:parent login')).toMatchObject({
      words: ['login'],
      hasParent: [true, false],
    });
    expect(readSearchText('login').parents).toEqual([]);
  });

  it('leaves what is not a token as words, as estimate: does', () => {
    expect(readSearchText('parent:WEB').words).toEqual(['parent', 'WEB']);
    expect(readSearchText('parent:WEB-x').words).toEqual(['parent', 'WEB', 'x']);
    expect(readSearchText('is:blockedx').words).toEqual(['is', 'blockedx']);
    expect(readSearchText('xis:blocked').blocked).toBe(false);
  });
});

describe('GET /api/search with parent:', () => {
  it('alone, lists the sub-tasks of that task, in any project', async () => {
    expect(titles(await search(world.member, { q: 'parent:WEB-1' }))).toEqual([
      'Checkout button',
      'Checkout copy',
      'Payment under',
    ]);
  });

  it('with words, narrows their matches', async () => {
    expect(titles(await search(world.member, { q: 'checkout parent:web-1' }))).toEqual([
      'Checkout button',
      'Checkout copy',
    ]);
    expect(titles(await search(world.member, { q: 'payment parent:WEB-1' }))).toEqual(['Payment under']);
  });

  it('of a task that does not exist, or of another organization, finds nothing', async () => {
    expect(titles(await search(world.member, { q: 'parent:ZZZ-9' }))).toEqual([]);
    expect(titles(await search(world.member, { q: 'parent:WEB-999' }))).toEqual([]);
    // The outsider's WEB-1 is their own.
    expect(titles(await search(world.outsider, { q: 'parent:WEB-1' }))).toEqual(['Their checkout step']);
  });
});

describe('GET /api/search with is:blocked', () => {
  it('alone, lists the tasks with an open blocker (a done blocker blocks no more)', async () => {
    const answer = await search(world.member, { q: 'is:blocked' });
    expect(titles(answer)).toEqual(['Payment form']);
    expect(answer.comments.items).toEqual([]);
    expect(answer.projects.items).toEqual([]);
  });

  it('with words, narrows their matches', async () => {
    expect(titles(await search(world.member, { q: 'payment is:blocked' }))).toEqual(['Payment form']);
    expect(titles(await search(world.member, { q: 'checkout is:blocked' }))).toEqual([]);
  });

  it('clears when the blocker is done', async () => {
    const done = await world.owner.api(`/api/tasks/${gatewayId}`, {
      method: 'PATCH',
      body: { status: 'DONE' },
    });
    await expectOk(done, 200);
    expect(titles(await search(world.member, { q: 'is:blocked' }))).toEqual([]);
    const again = await world.owner.api(`/api/tasks/${gatewayId}`, {
      method: 'PATCH',
      body: { status: 'DOING' },
    });
    await expectOk(again, 200);
    expect(titles(await search(world.member, { q: 'is:blocked' }))).toEqual(['Payment form']);
  });
});

describe('GET /api/search with has:parent and no:parent', () => {
  it('alone and with words', async () => {
    expect(titles(await search(world.member, { q: 'has:parent' }))).toEqual([
      'Checkout button',
      'Checkout copy',
      'Payment under',
    ]);
    expect(titles(await search(world.member, { q: 'payment no:parent' }))).toEqual([
      'Payment finished',
      'Payment form',
      'Payment gateway',
      'Payment receipt',
    ]);
    expect(titles(await search(world.member, { q: 'has:parent no:parent' }))).toEqual([]);
  });

  it('combine with the other tokens', async () => {
    expect(titles(await search(world.member, { q: 'no:parent is:blocked' }))).toEqual(['Payment form']);
    expect(titles(await search(world.member, { q: 'parent:WEB-1 is:blocked' }))).toEqual([]);
  });
});

describe('bad input', () => {
  it('a token that is not one is searched as words, never refused', async () => {
    for (const q of ['parent:WEB-', 'parent:WE-1', 'is:', "parent:WEB-1'--", 'has:parents']) {
      const response = await world.member.api(searchPath({ q }));
      expect(response.status, q).toBe(200);
    }
    expect(titles(await search(world.member, { q: 'parent:checkout' }))).toEqual([]);
  });

  it('a token beside a search that is refused is still refused (400)', async () => {
    const response = await world.member.api(searchPath({ q: 'is:blocked', project_id: 'not-a-uuid' }));
    expect(response.status).toBe(400);
  });
});
