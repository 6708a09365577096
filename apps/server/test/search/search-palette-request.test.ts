// @database pglite

import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { serverWithMail } from '@figgle/test-support/users';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOrganizationWorld, type OrganizationWorld } from '../organizations/organizations-world.ts';
import { addComment, createProject, createTask, markedWords, search } from './search-world.ts';

// The request the command palette sends while one types (apps/web/src/features/search/api/search.ts):
// every kind of result, six of each. Issue 39, items 12 and 13.
const PALETTE = { kinds: 'task,comment,project,person', limit: 6 };

let server: TestServer;
let mail: MailCatcher;
serverWithMail((started) => ({ server, mail } = started));

let world: OrganizationWorld;
let checkout: string;

beforeAll(async () => {
  world = await createOrganizationWorld(server, mail, 'Palette');
  checkout = await createProject(world.owner, world.organizationId, 'Checkout', 'CHE');
}, 60_000);

describe('GET /api/search as the palette asks', () => {
  it('answers a word that is only in a comment with that comment, and no task', async () => {
    const task = await createTask(world.owner, checkout, 'Cart totals');
    await addComment(world.owner, task.task_id, [{ insert: 'The courier to Zanzibar needs totals.\n' }]);

    const answer = await search(world.member, { q: 'zanzibar', ...PALETTE });

    expect(answer.tasks.items).toEqual([]);
    expect(answer.comments.items).toHaveLength(1);
    expect(answer.comments.items[0]).toMatchObject({
      task_id: task.task_id,
      task_reference: `CHE-${task.reference}`,
      task_title: 'Cart totals',
    });
    expect(markedWords(answer.comments.items[0]!.snippet)).toEqual(['Zanzibar']);
  });

  it('answers each step of typing a reference, and the whole reference with its task first', async () => {
    await createTask(world.owner, checkout, 'Checkout button copy');
    const named = await createTask(world.owner, checkout, 'Payment retry');
    const reference = `CHE-${named.reference}`;

    // What the palette asks for as the keys come: every step answers, the project from "CHE" on.
    for (let length = 1; length < reference.length; length += 1) {
      const step = await search(world.member, { q: reference.slice(0, length), ...PALETTE });
      if (length >= 3) expect(step.projects.items.map((project) => project.code)).toEqual(['CHE']);
    }
    const answer = await search(world.member, { q: reference, ...PALETTE });
    expect(answer.tasks.items[0]).toMatchObject({ task_id: named.task_id, reference });
    expect(answer.projects.items.map((project) => project.code)).toEqual(['CHE']);
  });
});
