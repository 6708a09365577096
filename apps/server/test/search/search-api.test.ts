// @database both

import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { serverWithMail } from '@figgle/test-support/users';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOrganizationWorld, type OrganizationWorld } from '../organizations/organizations-world.ts';
import {
  addComment,
  createProject,
  createTask,
  markedWords,
  search,
  searchPath,
  setDescription,
} from './search-world.ts';

let server: TestServer;
let mail: MailCatcher;
serverWithMail((started) => ({ server, mail } = started));

let world: OrganizationWorld;
let checkout: string;
let website: string;

beforeAll(async () => {
  world = await createOrganizationWorld(server, mail, 'Acme');
  checkout = await createProject(world.owner, world.organizationId, 'Checkout Revamp', 'CHE');
  website = await createProject(world.owner, world.organizationId, 'Café Website', 'WEB');
}, 60_000);

const titles = (answer: { tasks: { items: Array<{ title: { text: string } }> } }) =>
  answer.tasks.items.map((item) => item.title.text);

describe('GET /api/search: each kind of result', () => {
  it('finds a task by a title word, with the word marked and its reference', async () => {
    const task = await createTask(world.owner, checkout, 'Payment button stays grey');
    const answer = await search(world.member, { q: 'payment' });
    expect(answer.tasks.items).toHaveLength(1);
    const [hit] = answer.tasks.items;
    expect(hit).toMatchObject({
      task_id: task.task_id,
      project_id: checkout,
      project_name: 'Checkout Revamp',
      project_code: 'CHE',
      reference: `CHE-${task.reference}`,
      number: task.reference,
      status: 'TODO',
      assignee: null,
      snippet: null,
      due_on: null,
      due_at: null,
    });
    expect(markedWords(hit!.title)).toEqual(['Payment']);
    expect(hit!.title.marks).toEqual([[0, 7]]);
  });

  it('finds a comment by its text, with the task it belongs to and a marked snippet', async () => {
    const task = await createTask(world.owner, website, 'Menu page');
    const commentId = await addComment(world.member, task.task_id, [
      { insert: 'The espresso prices are wrong on mobile\n' },
    ]);
    const answer = await search(world.owner, { q: 'espresso' });
    expect(answer.comments.items).toEqual([
      expect.objectContaining({
        comment_id: commentId,
        task_id: task.task_id,
        task_reference: `WEB-${task.reference}`,
        task_title: 'Menu page',
        project_id: website,
        project_code: 'WEB',
        author: { user_id: world.member.userId, firstname: 'Mia', lastname: 'Member' },
      }),
    ]);
    expect(answer.comments.items[0]!.snippet.text).toBe('The espresso prices are wrong on mobile');
    expect(markedWords(answer.comments.items[0]!.snippet)).toEqual(['espresso']);
  });

  it('finds a project by its name or its code', async () => {
    const byName = await search(world.member, { q: 'revamp' });
    expect(byName.projects.items).toEqual([
      {
        project_id: checkout,
        name: { text: 'Checkout Revamp', marks: [[9, 15]] },
        code: 'CHE',
        emoji: 'fox',
        organization_id: world.organizationId,
        organization_name: 'Acme',
      },
    ]);
    const byCode = await search(world.member, { q: 'web' });
    expect(byCode.projects.items.map((item) => item.project_id)).toContain(website);
  });

  it('finds a person of the organization by name, first letters or a misspelling', async () => {
    for (const q of ['Olive', 'oli', 'Owner', 'Olvie Owner', 'ownr']) {
      const answer = await search(world.member, { q, kinds: 'person' });
      expect(
        answer.people.items.map((item) => item.user_id),
        q,
      ).toContain(world.owner.userId);
    }
    const answer = await search(world.member, { q: 'olive', kinds: 'person' });
    expect(answer.people.items[0]).toMatchObject({
      user_id: world.owner.userId,
      firstname: 'Olive',
      lastname: 'Owner',
      email: world.owner.email,
      name: { text: 'Olive Owner', marks: [[0, 5]] },
    });
  });

  it('answers only the kinds asked for', async () => {
    const answer = await search(world.member, { q: 'checkout', kinds: 'project' });
    expect(answer.projects.items).toHaveLength(1);
    expect(answer.tasks.items).toEqual([]);
    expect(answer.people.items).toEqual([]);
  });
});

describe('GET /api/search: planning', () => {
  it("shows a task's due day, or its due instant", async () => {
    const day = await createTask(world.owner, checkout, 'Invoice totals due by day');
    const timed = await createTask(world.owner, checkout, 'Invoice totals due at noon');
    for (const [task, body] of [
      [day, { due_on: '2031-03-05' }],
      [timed, { due_at: '2031-03-05T12:00:00.000Z' }],
    ] as const) {
      const response = await world.owner.api(`/api/tasks/${task.task_id}`, { method: 'PATCH', body });
      expect(response.status).toBe(200);
    }
    const answer = await search(world.member, { q: 'invoice totals' });
    const byId = new Map(answer.tasks.items.map((hit) => [hit.task_id, hit]));
    expect(byId.get(day.task_id)).toMatchObject({ due_on: '2031-03-05', due_at: null });
    expect(byId.get(timed.task_id)).toMatchObject({ due_on: null, due_at: '2031-03-05T12:00:00.000Z' });
  });
});

describe('GET /api/search: forgiving', () => {
  it('finds "Checkout" from a typo, from its first letters, and marks the word', async () => {
    await createTask(world.owner, checkout, 'Checkout flow loses the basket');
    for (const q of ['chekout', 'chekcout', 'chec', 'CHECK', 'checkout']) {
      const answer = await search(world.member, { q, kinds: 'task' });
      expect(titles(answer), q).toContain('Checkout flow loses the basket');
      const hit = answer.tasks.items.find((item) => item.title.text.startsWith('Checkout flow'))!;
      expect(markedWords(hit.title), q).toEqual(['Checkout']);
    }
  });

  it('ignores accents both ways', async () => {
    await createTask(world.owner, website, 'Crème brûlée recipe page');
    await createTask(world.owner, website, 'Creme caramel photo');
    const plain = await search(world.member, { q: 'creme', kinds: 'task' });
    expect(titles(plain).sort()).toEqual(['Creme caramel photo', 'Crème brûlée recipe page']);
    const accented = await search(world.member, { q: 'CRÈME BRULEE', kinds: 'task' });
    expect(titles(accented)).toEqual(['Crème brûlée recipe page']);
    const hit = accented.tasks.items[0]!;
    expect(markedWords(hit.title)).toEqual(['Crème', 'brûlée']);
  });

  it('needs every word, in any order', async () => {
    await createTask(world.owner, checkout, 'Basket total rounding');
    const both = await search(world.member, { q: 'rounding basket', kinds: 'task' });
    expect(titles(both)).toEqual(['Basket total rounding']);
    const oneMissing = await search(world.member, { q: 'rounding zebra', kinds: 'task' });
    expect(titles(oneMissing)).toEqual([]);
  });
});

describe('GET /api/search: references', () => {
  it('puts the task a reference names first, before tasks whose words match', async () => {
    const first = await createTask(world.owner, checkout, 'Reference target');
    const answer = await search(world.member, { q: `CHE-${first.reference}`, kinds: 'task' });
    expect(answer.tasks.items[0]).toMatchObject({
      task_id: first.task_id,
      reference: `CHE-${first.reference}`,
    });
    const lower = await search(world.member, { q: `che-${first.reference}`, kinds: 'task' });
    expect(lower.tasks.items[0]?.task_id).toBe(first.task_id);
  });

  it('reads #12 as task 12 of the current project', async () => {
    const there = await createTask(world.owner, website, 'Hash reference target');
    const answer = await search(world.member, {
      q: `#${there.reference}`,
      context_project_id: website,
      kinds: 'task',
    });
    expect(answer.tasks.items[0]?.task_id).toBe(there.task_id);
    const withoutContext = await search(world.member, { q: `#${there.reference}`, kinds: 'task' });
    expect(withoutContext.tasks.items.map((item) => item.task_id)).not.toContain(there.task_id);
  });
});

describe('GET /api/search: ranking', () => {
  it('shows title matches before description matches, then the most recent first', async () => {
    const olderTitle = await createTask(world.owner, checkout, 'Voucher field');
    const inDescription = await createTask(world.owner, checkout, 'Promo banner', {
      description: 'Also check the voucher rules for students',
    });
    const newerTitle = await createTask(world.owner, website, 'Voucher terms page');
    const answer = await search(world.member, { q: 'voucher', kinds: 'task' });
    expect(answer.tasks.items.map((item) => item.task_id)).toEqual([
      newerTitle.task_id,
      olderTitle.task_id,
      inDescription.task_id,
    ]);
    const described = answer.tasks.items[2]!;
    expect(described.snippet?.text).toBe('Also check the voucher rules for students');
    expect(markedWords(described.snippet!)).toEqual(['voucher']);
    expect(described.title.marks).toEqual([]);
  });
});

describe('GET /api/search: filters', () => {
  it('filters tasks and comments by project, status and assignee', async () => {
    const mine = await createTask(world.owner, checkout, 'Filterable alpha', {
      assignee_id: world.member.userId,
      status: 'DOING',
    });
    const nobodys = await createTask(world.owner, website, 'Filterable beta');
    await addComment(world.owner, mine.task_id, [{ insert: 'filterable remark\n' }]);
    await addComment(world.owner, nobodys.task_id, [{ insert: 'filterable remark too\n' }]);

    const ids = async (params: Record<string, string>) => {
      const answer = await search(world.member, { q: 'filterable', ...params });
      return {
        tasks: answer.tasks.items.map((item) => item.task_id),
        comments: answer.comments.items.map((item) => item.task_id),
      };
    };
    expect((await ids({})).tasks.sort()).toEqual([mine.task_id, nobodys.task_id].sort());
    expect(await ids({ project_id: checkout })).toEqual({ tasks: [mine.task_id], comments: [mine.task_id] });
    expect(await ids({ status: 'DOING' })).toEqual({ tasks: [mine.task_id], comments: [mine.task_id] });
    expect(await ids({ status: 'DONE' })).toEqual({ tasks: [], comments: [] });
    expect(await ids({ assignee: 'me' })).toEqual({ tasks: [mine.task_id], comments: [mine.task_id] });
    expect(await ids({ assignee: 'none' })).toEqual({
      tasks: [nobodys.task_id],
      comments: [nobodys.task_id],
    });
    expect(await ids({ assignee: world.member.userId, project_id: website })).toEqual({
      tasks: [],
      comments: [],
    });
  });
});

describe('GET /api/search: paging', () => {
  it('pages through every match with the cursor, each once, in order', async () => {
    const created: string[] = [];
    for (let i = 0; i < 13; i++)
      created.push((await createTask(world.owner, checkout, `Pageable title ${i}`)).task_id);
    for (let i = 0; i < 4; i++)
      created.push(
        (await createTask(world.owner, website, `Other ${i}`, { description: 'pageable body' })).task_id,
      );
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const answer = await search(world.member, { q: 'pageable', kinds: 'task', limit: 5, cursor });
      expect(answer.tasks.items.length).toBeLessThanOrEqual(5);
      seen.push(...answer.tasks.items.map((item) => item.task_id));
      cursor = answer.tasks.next_cursor ?? undefined;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(4);
    expect(new Set(seen).size).toBe(seen.length);
    // Titles first (newest first), then the description matches (newest first).
    expect(seen).toEqual([...created.slice(0, 13).reverse(), ...created.slice(13).reverse()]);
  });

  it('pages comments', async () => {
    const task = await createTask(world.owner, checkout, 'Many remarks');
    for (let i = 0; i < 3; i++)
      await addComment(world.owner, task.task_id, [{ insert: `Remarkable ${i}\n` }]);
    const first = await search(world.member, { q: 'remarkable', kinds: 'comment', limit: 2 });
    expect(first.comments.items).toHaveLength(2);
    expect(first.comments.next_cursor).toEqual(expect.any(String));
    const second = await search(world.member, {
      q: 'remarkable',
      limit: 2,
      cursor: first.comments.next_cursor!,
    });
    expect(second.comments.items).toHaveLength(1);
    expect(second.comments.next_cursor).toBeNull();
    // A cursor answers its own group only.
    expect(second.tasks.items).toEqual([]);
    const texts = [...first.comments.items, ...second.comments.items].map((item) => item.snippet.text);
    expect(texts).toEqual(['Remarkable 2', 'Remarkable 1', 'Remarkable 0']);
  });

  it('pages projects', async () => {
    for (const name of ['Zephyr One', 'Zephyr Two', 'Zephyr Three'])
      await createProject(world.owner, world.organizationId, name, name.slice(-3));
    const first = await search(world.member, { q: 'zephyr', kinds: 'project', limit: 2 });
    expect(first.projects.items.map((item) => item.name.text)).toEqual(['Zephyr One', 'Zephyr Three']);
    const second = await search(world.member, { q: 'zephyr', cursor: first.projects.next_cursor! });
    expect(second.projects.items.map((item) => item.name.text)).toEqual(['Zephyr Two']);
    expect(second.projects.next_cursor).toBeNull();
  });
});

describe('GET /api/search: always up to date', () => {
  it('finds a new task, a new comment and a new description at once', async () => {
    const task = await createTask(world.owner, checkout, 'Quokka mascot');
    expect(titles(await search(world.member, { q: 'quokka' }))).toEqual(['Quokka mascot']);

    await addComment(world.owner, task.task_id, [{ insert: 'Marsupial approved\n' }]);
    expect((await search(world.member, { q: 'marsupial' })).comments.items).toHaveLength(1);

    await setDescription(world.owner, task.task_id, [
      { insert: 'Ask ' },
      { insert: { mention: { id: world.member.userId, value: 'Mia Member', denotationChar: '@' } } },
      { insert: ' about the ' },
      { insert: 'wombat guide', attributes: { link: 'https://example.com/guide' } },
      { insert: '\n' },
    ]);
    const byLink = await search(world.member, { q: 'wombat', kinds: 'task' });
    expect(byLink.tasks.items.map((item) => item.task_id)).toEqual([task.task_id]);
    expect(markedWords(byLink.tasks.items[0]!.snippet!)).toEqual(['wombat']);
    const byMention = await search(world.member, { q: 'quokka mia', kinds: 'task' });
    expect(byMention.tasks.items.map((item) => item.task_id)).toEqual([task.task_id]);
  });

  it('finds a renamed task by its new title and no longer by the old one', async () => {
    const task = await createTask(world.owner, checkout, 'Platypus header');
    const renamed = await world.owner.api(`/api/tasks/${task.task_id}`, {
      method: 'PATCH',
      body: { title: 'Echidna header' },
    });
    expect(renamed.status).toBe(200);
    expect(titles(await search(world.member, { q: 'echidna', kinds: 'task' }))).toEqual(['Echidna header']);
    expect(titles(await search(world.member, { q: 'platypus', kinds: 'task' }))).toEqual([]);
  });

  it('finds a task moved on the board by its description still, and no deleted task', async () => {
    const task = await createTask(world.owner, checkout, 'Armadillo footer', {
      description: 'pangolin notes',
    });
    const moved = await world.owner.api('/api/kanban-update', {
      body: { taskId: task.task_id, status: 'DONE', index: 0 },
    });
    expect(moved.status).toBe(200);
    const found = await search(world.member, { q: 'pangolin', kinds: 'task' });
    expect(found.tasks.items).toEqual([expect.objectContaining({ task_id: task.task_id, status: 'DONE' })]);

    const deleted = await world.owner.api(`/api/tasks/${task.task_id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect((await search(world.member, { q: 'armadillo' })).tasks.items).toEqual([]);
  });

  it('needs a session', async () => {
    const response = await fetch(`${server.url}${searchPath({ q: 'checkout' })}`);
    expect(response.status).toBe(401);
  });
});
