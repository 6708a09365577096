// @database both

import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { serverWithMail, type TestUser } from '@figgle/test-support/users';
import { beforeAll, describe, expect, it } from 'vitest';
import { estimatesMatching, readSearchText } from '../../src/features/search/search-text.ts';
import { createOrganizationWorld, type OrganizationWorld } from '../organizations/organizations-world.ts';
import { createProject, createTask, search } from '../search/search-world.ts';

/**
 * Issue 42, "estimate:>3" in the search syntax: the token narrows tasks to the estimates it keeps,
 * alone (a search of the filter) or with words; it is never a word of the text. Its SQL runs on both
 * databases.
 */
let server: TestServer;
let mail: MailCatcher;
serverWithMail((started) => ({ server, mail } = started));

let world: OrganizationWorld;

async function estimated(user: TestUser, projectId: string, title: string, estimate: string | null) {
  const task = await createTask(user, projectId, title);
  if (estimate !== null) {
    const response = await user.api(`/api/tasks/${task.task_id}`, { method: 'PATCH', body: { estimate } });
    expect(response.status, await response.clone().text()).toBe(200);
  }
  return task;
}

const titles = (answer: { tasks: { items: Array<{ title: { text: string } }> } }) =>
  answer.tasks.items.map((item) => item.title.text).sort();

beforeAll(async () => {
  world = await createOrganizationWorld(server, mail, 'Acme');
  const points = await createProject(world.owner, world.organizationId, 'Points', 'PTS');
  const sizes = await createProject(world.owner, world.organizationId, 'Sizes', 'SIZ');
  for (const [projectId, scale] of [
    [points, 'points'],
    [sizes, 'tshirt'],
  ] as const) {
    const response = await world.owner.api(`/api/projects/${projectId}`, {
      method: 'PATCH',
      body: { estimate_scale: scale },
    });
    expect(response.status).toBe(200);
  }
  await estimated(world.owner, points, 'Refactor billing', '8');
  await estimated(world.owner, points, 'Billing typo', '1');
  await estimated(world.owner, points, 'Billing export', '3');
  await estimated(world.owner, points, 'Billing unknown', null);
  await estimated(world.owner, sizes, 'Rework billing screen', 'L');
}, 60_000);

describe('reading estimate: tokens', () => {
  it('keeps the values a comparison allows, of the scale of the value typed', () => {
    expect(estimatesMatching('>', '3')).toEqual(['5', '8', '13']);
    expect(estimatesMatching('<=', '3')).toEqual(['1', '2', '3']);
    expect(estimatesMatching('=', '4')).toEqual([]);
    expect(estimatesMatching('>=', 'l')).toEqual(['L', 'XL']);
    expect(estimatesMatching('<', 'M')).toEqual(['XS', 'S']);
  });

  it('takes the token out of the words, and narrows with several tokens', () => {
    expect(readSearchText('billing estimate:>3')).toMatchObject({
      words: ['billing'],
      estimates: ['5', '8', '13'],
    });
    expect(readSearchText('estimate:>1 estimate:<8').estimates).toEqual(['2', '3', '5']);
    expect(readSearchText('ESTIMATE:5').estimates).toEqual(['5']);
    expect(readSearchText('billing').estimates).toBeNull();
    // Not a token: words as before.
    expect(readSearchText('estimate:>x').words).toEqual(['estimate', 'x']);
  });
});

describe('GET /api/search with estimate:', () => {
  it('alone, lists the tasks whose estimate it keeps', async () => {
    expect(titles(await search(world.member, { q: 'estimate:>2' }))).toEqual([
      'Billing export',
      'Refactor billing',
    ]);
    const answer = await search(world.member, { q: 'estimate:>=L' });
    expect(titles(answer)).toEqual(['Rework billing screen']);
    expect(answer.comments.items).toEqual([]);
    expect(answer.projects.items).toEqual([]);
  });

  it('with words, narrows their matches', async () => {
    expect(titles(await search(world.member, { q: 'billing estimate:<=3' }))).toEqual([
      'Billing export',
      'Billing typo',
    ]);
    expect(titles(await search(world.member, { q: 'billing' }))).toHaveLength(5);
    expect(titles(await search(world.member, { q: 'billing estimate:4' }))).toEqual([]);
  });

  it('pages a search of the filter alone with its cursor', async () => {
    const first = await search(world.member, { q: 'estimate:<=8', limit: 2 });
    expect(first.tasks.items).toHaveLength(2);
    expect(first.tasks.next_cursor).not.toBeNull();
    const second = await search(world.member, {
      q: 'estimate:<=8',
      limit: 2,
      cursor: first.tasks.next_cursor!,
    });
    expect(titles(second)).toHaveLength(1);
    expect(second.tasks.next_cursor).toBeNull();
  });

  it('finds nothing of an organization the person is not in', async () => {
    const outsider = await search(world.outsider, { q: 'estimate:>0' });
    expect(outsider.tasks.items).toEqual([]);
  });
});
