// @database pglite

import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { apiAs, serverWithMail, type TestUser } from '@figgle/test-support/users';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BusEvent } from '../../src/realtime/bus.ts';
import { createEnginesWorld, createOrganizationAs } from '../organizations/organizations-world.ts';

let server: TestServer;
let mail: MailCatcher;
let ada: TestUser;
let carol: TestUser;
let bob: TestUser;
let adaOrg: string;
let bobOrg: string;
const events: BusEvent[] = [];

async function createProject(user: TestUser, body: Record<string, unknown>) {
  const response = await user.api('/api/projects', { body });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Record<string, unknown> & { project_id: string };
}

async function projectCount(): Promise<number> {
  const row = await server.deps.db
    .selectFrom('project')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

serverWithMail((started) => ({ server, mail } = started));
beforeAll(async () => {
  ({ ada, carol, bob, adaOrg, bobOrg } = await createEnginesWorld(server, mail));
  server.deps.bus.subscribe((event) => events.push(event));
});

describe('POST /api/projects', () => {
  it('creates a project that opens as a list, with the trigram upper case, and announces it', async () => {
    events.length = 0;
    const project = await createProject(ada, {
      name: '  Difference Engine  ',
      trigram: 'dif',
      organization_id: adaOrg,
      emoji: 'octopus',
      description: 'Tables of polynomials',
    });
    expect(project).toMatchObject({
      name: 'Difference Engine',
      trigram: 'DIF',
      emoji: 'octopus',
      description: 'Tables of polynomials',
      default_view: 'LIST',
      organization_id: adaOrg,
      organization: { organization_id: adaOrg, name: 'Engines' },
      task_count: 0,
      is_bookmarked: false,
    });
    expect(Number.isNaN(Date.parse(String(project.created_at)))).toBe(false);
    expect(events).toEqual([
      {
        kind: 'project',
        action: 'created',
        id: project.project_id,
        organizationId: adaOrg,
        projectId: project.project_id,
        actorId: ada.userId,
      },
    ]);
  });

  it('uses the fox and an empty description by default, and bookmarks for the creator only when asked', async () => {
    const project = await createProject(ada, {
      name: 'Analytical',
      trigram: 'ANA',
      organization_id: adaOrg,
      is_bookmarked: true,
    });
    expect(project).toMatchObject({ emoji: 'fox', description: '', is_bookmarked: true });
    const asCarol = (await (await carol.api(`/api/projects/${project.project_id}`)).json()) as {
      is_bookmarked: boolean;
    };
    expect(asCarol.is_bookmarked).toBe(false);
  });

  it.each([
    ['a trigram of 2 characters', { trigram: 'AB' }, 'trigram'],
    ['a trigram of 4 characters', { trigram: 'ABCD' }, 'trigram'],
    ['a trigram with a symbol', { trigram: 'A-B' }, 'trigram'],
    ['a trigram with an accent', { trigram: 'ÉCL' }, 'trigram'],
    ['no trigram', { trigram: undefined }, 'trigram'],
    ['an empty name', { name: '' }, 'name'],
    ['a blank name', { name: '   ' }, 'name'],
    ['a name over 100 characters', { name: 'n'.repeat(101) }, 'name'],
    ['an unknown emoji', { emoji: 'dragon' }, 'emoji'],
    ['a description over 2000 characters', { description: 'd'.repeat(2001) }, 'description'],
    ['an organization id that is not a uuid', { organization_id: 'engines' }, 'organization_id'],
    ['no organization', { organization_id: undefined }, 'organization_id'],
  ])('refuses %s with a 400 naming the field, and creates nothing', async (_label, change, field) => {
    const before = await projectCount();
    const body = { name: 'Valid', trigram: 'VAL', organization_id: adaOrg, ...change };
    const response = await ada.api('/api/projects', { body });
    expect(response.status).toBe(400);
    const error = (await response.json()) as { code: string; message: string };
    expect(error.code).toBe('validation_failed');
    expect(error.message).toContain(field);
    expect(await projectCount()).toBe(before);
  });

  it('answers 404 for an organization the user is not in, and creates nothing', async () => {
    const before = await projectCount();
    const response = await ada.api('/api/projects', {
      body: { name: 'Intrusion', trigram: 'INT', organization_id: bobOrg },
    });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { message: string }).message).toBe('Organization not found.');
    const unknown = await ada.api('/api/projects', {
      body: { name: 'Nowhere', trigram: 'NOW', organization_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.status).toBe(404);
    expect(await projectCount()).toBe(before);
  });

  it('needs a session', async () => {
    const before = await projectCount();
    const response = await apiAs(server, '')('/api/projects', {
      body: { name: 'Anonymous', trigram: 'ANO', organization_id: adaOrg },
    });
    expect(response.status).toBe(401);
    expect(await projectCount()).toBe(before);
  });
});

describe('GET /api/projects', () => {
  it('lists every live project of every organization of the user, oldest first, with task counts', async () => {
    const second = await createOrganizationAs(ada, 'Second Org');
    const other = await createProject(ada, { name: 'Second', trigram: 'SEC', organization_id: second });
    await createProject(bob, { name: 'Hidden', trigram: 'HID', organization_id: bobOrg });
    await ada.api(`/api/projects/${other.project_id}/tasks`, { body: { title: 'One' } });
    await ada.api(`/api/projects/${other.project_id}/tasks`, { body: { title: 'Two' } });

    const response = await ada.api('/api/projects');
    expect(response.status).toBe(200);
    const projects = (await response.json()) as Array<{
      name: string;
      created_at: string;
      task_count: number;
      organization: { name: string };
    }>;
    expect(projects.map((p) => p.name)).toEqual(['Difference Engine', 'Analytical', 'Second']);
    const times = projects.map((p) => Date.parse(p.created_at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(projects[2]).toMatchObject({ task_count: 2, organization: { name: 'Second Org' } });

    const bobs = (await (await bob.api('/api/projects')).json()) as Array<{ name: string }>;
    expect(bobs.map((p) => p.name)).toEqual(['Hidden']);
    const carols = (await (await carol.api('/api/projects')).json()) as Array<{ name: string }>;
    expect(carols.map((p) => p.name)).toEqual(['Difference Engine', 'Analytical']);
  });

  it('needs a session', async () => {
    expect((await apiAs(server, '')('/api/projects')).status).toBe(401);
  });
});

describe('GET /api/projects/:projectId', () => {
  it('answers the project to members, 404 to others, 400 to a malformed id', async () => {
    const project = await createProject(ada, { name: 'Single', trigram: 'SIN', organization_id: adaOrg });
    const response = await carol.api(`/api/projects/${project.project_id}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ name: 'Single', organization: { name: 'Engines' } });
    expect((await bob.api(`/api/projects/${project.project_id}`)).status).toBe(404);
    expect((await ada.api('/api/projects/not-a-uuid')).status).toBe(400);
  });
});

describe('PATCH /api/projects/:projectId', () => {
  it('changes the given fields and announces the change', async () => {
    const project = await createProject(ada, { name: 'Before', trigram: 'BEF', organization_id: adaOrg });
    events.length = 0;
    const response = await carol.api(`/api/projects/${project.project_id}`, {
      method: 'PATCH',
      body: {
        name: 'After',
        trigram: 'aft',
        description: 'New words',
        default_view: 'KANBAN',
        emoji: 'fish',
      },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      name: 'After',
      trigram: 'AFT',
      description: 'New words',
      default_view: 'KANBAN',
      emoji: 'fish',
    });
    expect(events).toEqual([
      expect.objectContaining({
        kind: 'project',
        action: 'updated',
        id: project.project_id,
        actorId: carol.userId,
      }),
    ]);
  });

  it.each([
    ['a bad trigram', { trigram: 'TOOLONG' }],
    ['an empty name', { name: '' }],
    ['an unknown default view', { default_view: 'GRID' }],
    ['an unknown emoji', { emoji: 'unicorn' }],
  ])('refuses %s with a 400 and changes nothing', async (_label, body) => {
    const project = await createProject(ada, { name: 'Stable', trigram: 'STA', organization_id: adaOrg });
    const response = await ada.api(`/api/projects/${project.project_id}`, { method: 'PATCH', body });
    expect(response.status).toBe(400);
    const after = await (await ada.api(`/api/projects/${project.project_id}`)).json();
    expect(after).toEqual(project);
  });

  it('answers 404 to a user outside the organization and changes nothing', async () => {
    const project = await createProject(ada, { name: 'Mine', trigram: 'MIN', organization_id: adaOrg });
    const response = await bob.api(`/api/projects/${project.project_id}`, {
      method: 'PATCH',
      body: { name: 'Stolen' },
    });
    expect(response.status).toBe(404);
    expect(await (await ada.api(`/api/projects/${project.project_id}`)).json()).toEqual(project);
  });
});

describe('favorites', () => {
  it('are per user, idempotent, and show in the project list', async () => {
    const project = await createProject(ada, { name: 'Starred', trigram: 'STR', organization_id: adaOrg });
    const url = `/api/projects/${project.project_id}/bookmark`;
    for (let i = 0; i < 2; i++) {
      const response = await carol.api(url, { method: 'PUT' });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ project_id: project.project_id, is_bookmarked: true });
    }
    const carols = (await (await carol.api('/api/projects')).json()) as Array<{
      project_id: string;
      is_bookmarked: boolean;
    }>;
    expect(carols.find((p) => p.project_id === project.project_id)?.is_bookmarked).toBe(true);
    const adas = (await (await ada.api(`/api/projects/${project.project_id}`)).json()) as {
      is_bookmarked: boolean;
    };
    expect(adas.is_bookmarked).toBe(false);

    for (let i = 0; i < 2; i++) expect((await carol.api(url, { method: 'DELETE' })).status).toBe(200);
    const after = (await (await carol.api(`/api/projects/${project.project_id}`)).json()) as {
      is_bookmarked: boolean;
    };
    expect(after.is_bookmarked).toBe(false);
  });

  it('cannot be set on a project of another organization', async () => {
    const project = await createProject(ada, { name: 'Private', trigram: 'PRV', organization_id: adaOrg });
    expect((await bob.api(`/api/projects/${project.project_id}/bookmark`, { method: 'PUT' })).status).toBe(
      404,
    );
    const rows = await server.deps.db
      .selectFrom('bookmark')
      .selectAll()
      .where('project_id', '=', project.project_id)
      .execute();
    expect(rows).toEqual([]);
    expect((await ada.api('/api/projects/nope/bookmark', { method: 'PUT' })).status).toBe(400);
  });
});

describe('DELETE /api/projects/:projectId', () => {
  it('soft deletes: the row stays with deleted_at, the project disappears everywhere', async () => {
    const project = await createProject(ada, { name: 'Doomed', trigram: 'DOO', organization_id: adaOrg });
    const task = await ada.api(`/api/projects/${project.project_id}/tasks`, { body: { title: 'Orphan' } });
    const { task_id } = (await task.json()) as { task_id: string };
    events.length = 0;

    const response = await ada.api(`/api/projects/${project.project_id}`, { method: 'DELETE' });
    expect(response.status).toBe(204);
    expect(events).toEqual([
      expect.objectContaining({ kind: 'project', action: 'deleted', id: project.project_id }),
    ]);
    const row = await server.deps.db
      .selectFrom('project')
      .select('deleted_at')
      .where('project_id', '=', project.project_id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();

    const list = (await (await ada.api('/api/projects')).json()) as Array<{ project_id: string }>;
    expect(list.some((p) => p.project_id === project.project_id)).toBe(false);
    expect((await ada.api(`/api/projects/${project.project_id}`)).status).toBe(404);
    expect((await ada.api(`/api/projects/${project.project_id}/tasks`)).status).toBe(404);
    expect((await ada.api(`/api/tasks/${task_id}`)).status).toBe(404);
    expect((await ada.api(`/api/projects/${project.project_id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('answers 404 to a user outside the organization and deletes nothing', async () => {
    const project = await createProject(ada, { name: 'Kept', trigram: 'KEP', organization_id: adaOrg });
    expect((await bob.api(`/api/projects/${project.project_id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await ada.api(`/api/projects/${project.project_id}`)).status).toBe(200);
  });
});
