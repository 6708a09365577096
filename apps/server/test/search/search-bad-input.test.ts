// @database pglite
import type { SearchAnswer } from '@figgle/shared/search-schemas';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { serverWithMail } from '@figgle/test-support/users';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOrganizationWorld, type OrganizationWorld } from '../organizations/organizations-world.ts';
import { createProject, createTask, searchPath } from './search-world.ts';

let server: TestServer;
let mail: MailCatcher;
serverWithMail((started) => ({ server, mail } = started));

let world: OrganizationWorld;
let projectId: string;

beforeAll(async () => {
  world = await createOrganizationWorld(server, mail, 'Robust');
  projectId = await createProject(world.owner, world.organizationId, 'Checkout', 'CHE');
  await createTask(world.owner, projectId, 'Checkout button');
  await createTask(world.owner, projectId, 'שלום עולם');
  await createTask(world.owner, projectId, 'مرحبا بالعالم');
  await createTask(world.owner, projectId, '100% done_flag');
}, 60_000);

async function tableSizes() {
  const count = async (table: 'task' | 'project' | 'comment') =>
    Number(
      (
        await server.deps.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { tasks: await count('task'), projects: await count('project'), comments: await count('comment') };
}

async function ask(params: Record<string, string | number | undefined>) {
  const response = await world.member.api(searchPath(params));
  const body = (await response.json()) as SearchAnswer & { statusCode?: number; message?: string };
  return { status: response.status, body };
}

const titlesOf = (body: SearchAnswer) => body.tasks.items.map((item) => item.title.text);

describe('GET /api/search never answers 500', () => {
  it('answers empty groups to an empty, blank or punctuation-only text', async () => {
    for (const q of ['', '   ', '\t\n', '...', '?!', '&|!:*()', "''", '""', '\\\\', '%_%', '-', '#']) {
      const { status, body } = await ask({ q });
      expect(status, JSON.stringify(q)).toBe(200);
      expect(body, JSON.stringify(q)).toEqual({
        tasks: { items: [], next_cursor: null },
        comments: { items: [], next_cursor: null },
        projects: { items: [], next_cursor: null },
        people: { items: [], next_cursor: null },
      });
    }
  });

  it('cuts a 10,000-character text instead of failing', async () => {
    const { status } = await ask({ q: 'checkout '.repeat(1_112).slice(0, 10_000) });
    expect(status).toBe(200);
    const oneWord = await ask({ q: 'x'.repeat(10_000) });
    expect(oneWord.status).toBe(200);
    expect(titlesOf(oneWord.body)).toEqual([]);
  });

  it('reads tsquery operators, quotes, backslashes, % and _ as plain text around the words', async () => {
    const inputs = [
      'checkout & !button',
      'checkout | zzz',
      'checkout:*',
      'checkout:A',
      '!checkout',
      '(checkout',
      'checkout)',
      'checkout <-> button',
      "checkout'",
      "'checkout'",
      '"checkout"',
      'check\\out',
      'checkout\\',
      "checkout\\'",
      'checkout%',
      'check_out',
      '%checkout%',
    ];
    for (const q of inputs) {
      const { status, body } = await ask({ q, kinds: 'task' });
      expect(status, q).toBe(200);
      // Every one still finds the task its words name (or nothing), never an error.
      expect(
        titlesOf(body).every((title) => title.startsWith('Checkout')),
        q,
      ).toBe(true);
    }
    expect(titlesOf((await ask({ q: 'checkout & !button', kinds: 'task' })).body)).toEqual([
      'Checkout button',
    ]);
    // "%" and "_" are no wildcards: they do not make "100% done_flag" match anything.
    expect(titlesOf((await ask({ q: '%', kinds: 'task' })).body)).toEqual([]);
    expect(titlesOf((await ask({ q: '100%', kinds: 'task' })).body)).toEqual(['100% done_flag']);
  });

  it('treats SQL fragments as words and changes nothing', async () => {
    const before = await tableSizes();
    for (const q of [
      "'; DROP TABLE task; --",
      "' OR '1'='1",
      '" OR 1=1 --',
      'checkout; DELETE FROM project',
      '1); SELECT pg_sleep(5); --',
      '$1::tsquery',
      "E'\\x00'",
    ]) {
      const { status } = await ask({ q });
      expect(status, q).toBe(200);
    }
    expect(await tableSizes()).toEqual(before);
  });

  it('takes emoji and right-to-left text', async () => {
    for (const q of ['🚀', '👩‍💻 checkout', '🇫🇷🇫🇷', 'שלום', 'مرحبا', '\u202Echeckout\u202C']) {
      const { status } = await ask({ q });
      expect(status, q).toBe(200);
    }
    expect(titlesOf((await ask({ q: 'שלום', kinds: 'task' })).body)).toEqual(['שלום עולם']);
    expect(titlesOf((await ask({ q: 'مرحبا', kinds: 'task' })).body)).toEqual(['مرحبا بالعالم']);
    expect(titlesOf((await ask({ q: '👩‍💻 checkout', kinds: 'task' })).body)).toEqual(['Checkout button']);
  });
});

describe('GET /api/search refuses invalid parameters with a clear 400', () => {
  const cases: Array<[string, Record<string, string>, string]> = [
    ['no text', {}, 'q'],
    ['a malformed project id', { q: 'a', project_id: 'not-a-uuid' }, 'project_id'],
    ['a malformed current project', { q: 'a', context_project_id: "1' OR 1=1" }, 'context_project_id'],
    ['a status that is no status key', { q: 'a', status: 'LATER!' }, 'status'],
    ['a lower-case status', { q: 'a', status: 'todo' }, 'status'],
    ['a malformed assignee', { q: 'a', assignee: 'everyone' }, 'assignee'],
    ['an unknown kind', { q: 'a', kinds: 'task,secret' }, 'kinds'],
    ['an empty kind list', { q: 'a', kinds: ',' }, 'kinds'],
    ['limit 0', { q: 'a', limit: '0' }, 'limit'],
    ['limit 51', { q: 'a', limit: '51' }, 'limit'],
    ['a limit that is no number', { q: 'a', limit: 'ten' }, 'limit'],
    ['a fractional limit', { q: 'a', limit: '2.5' }, 'limit'],
    ['a made-up cursor', { q: 'a', cursor: 'bm90LWEtY3Vyc29y' }, 'cursor'],
    ['a cursor that is no base64 JSON', { q: 'a', cursor: '%%%' }, 'cursor'],
  ];
  for (const [label, params, field] of cases) {
    it(`refuses ${label}`, async () => {
      const response = await world.member.api(searchPath(params));
      expect(response.status).toBe(400);
      const body = (await response.json()) as { statusCode: number; message: string; issues?: unknown };
      expect(body.statusCode).toBe(400);
      expect(JSON.stringify(body)).toContain(field);
    });
  }

  it('refuses a NUL character', async () => {
    const response = await world.member.api('/api/search?q=check%00out');
    expect(response.status).toBe(400);
  });

  it('refuses a tampered cursor of the right shape but a wrong date', async () => {
    const cursor = Buffer.from(JSON.stringify({ k: 'task', p: 1, a: 'yesterday', i: 'x' })).toString(
      'base64url',
    );
    const response = await world.member.api(searchPath({ q: 'checkout', cursor }));
    expect(response.status).toBe(400);
  });

  it.each([
    ['task', { k: 'task', p: 2 }],
    ['comment', { k: 'comment' }],
  ])('refuses a %s cursor dated in the year 0, which the database has no day of', async (_kind, shape) => {
    const cursor = Buffer.from(
      JSON.stringify({ ...shape, a: '0000-01-01T00:00:00Z', i: '00000000-0000-4000-8000-000000000000' }),
    ).toString('base64url');
    const response = await world.member.api(searchPath({ q: 'checkout', cursor }));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(
      'The cursor is not one this server gave.',
    );
  });
});
