// @database pglite
import { randomBytes } from 'node:crypto';
import { REALTIME_PATH } from '@figgle/shared/realtime-protocol';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { serverWithMail } from '@figgle/test-support/users';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOrganizationWorld, type OrganizationWorld } from '../organizations/organizations-world.ts';
import { createProject, createTask } from '../realtime/realtime-world.ts';
import { bearer, createToken, errorOf } from './api-tokens-world.ts';

/** `Authorization: Bearer` on the API: the owner's permissions, limited by the token's scope. */

let server: TestServer;
let mail: MailCatcher;
let world: OrganizationWorld;
let projectId: string;
let taskId: string;

serverWithMail((started) => ({ server, mail } = started));
beforeAll(async () => {
  world = await createOrganizationWorld(server, mail);
  projectId = await createProject(world.owner, world.organizationId, 'Tokens');
  taskId = await createTask(world.owner, projectId, 'Scripted task');
});

const taskTitle = async () =>
  (
    await server.deps.db
      .selectFrom('task')
      .select('title')
      .where('task_id', '=', taskId)
      .executeTakeFirstOrThrow()
  ).title;
const taskCount = async () =>
  Number(
    (
      await server.deps.db
        .selectFrom('task')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow()
    ).count,
  );

describe('a read-write token', () => {
  it('acts as its owner on every kind of route, with the same 404 outside their organizations', async () => {
    const { token } = await createToken(world.member, 'read-write');
    const api = bearer(server, token);

    const me = await api('/api/me');
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(world.member.email);

    const organizations = (await (await api('/api/organizations')).json()) as Array<{
      organization_id: string;
    }>;
    expect(organizations.map((each) => each.organization_id)).toEqual([world.organizationId]);
    expect((await api(`/api/projects/${projectId}/tasks`)).status).toBe(200);

    const created = await api(`/api/projects/${projectId}/tasks`, { body: { title: 'Made by a script' } });
    expect(created.status, await created.clone().text()).toBe(201);
    const createdTask = (await created.json()) as { task_id: string };
    const author = await server.deps.db
      .selectFrom('task')
      .select('author_id')
      .where('task_id', '=', createdTask.task_id)
      .executeTakeFirstOrThrow();
    expect(author.author_id).toBe(world.member.userId);

    const patched = await api(`/api/tasks/${taskId}`, {
      method: 'PATCH',
      body: { title: 'Renamed by a script' },
    });
    expect(patched.status, await patched.clone().text()).toBe(200);
    expect(await taskTitle()).toBe('Renamed by a script');
    expect((await api(`/api/tasks/${createdTask.task_id}`, { method: 'DELETE' })).status).toBe(204);

    // Another organization answers exactly as it does to the owner's session.
    const elsewhere = `/api/organizations/${world.outsiderOrganizationId}`;
    const byToken = await api(elsewhere);
    const bySession = await world.member.api(elsewhere);
    expect(byToken.status).toBe(404);
    expect(await byToken.json()).toEqual(await bySession.json());
    // And a member's token is no owner: renaming the organization stays refused.
    const rename = await api(`/api/organizations/${world.organizationId}`, {
      method: 'PATCH',
      body: { name: 'Taken over' },
    });
    expect(rename.status).toBe(403);
  });
});

describe('a read token', () => {
  it('may GET and HEAD, and is refused any change with 403, nothing changed', async () => {
    const { token } = await createToken(world.owner, 'read');
    const api = bearer(server, token);
    expect((await api(`/api/tasks/${taskId}`)).status).toBe(200);
    expect((await api(`/api/tasks/${taskId}`, { method: 'HEAD' })).status).toBe(200);

    const titleBefore = await taskTitle();
    const countBefore = await taskCount();
    const attempts = [
      api(`/api/tasks/${taskId}`, { method: 'PATCH', body: { title: 'Not allowed' } }),
      api(`/api/projects/${projectId}/tasks`, { body: { title: 'Not allowed' } }),
      api(`/api/tasks/${taskId}`, { method: 'DELETE' }),
      api(`/api/organizations/${world.organizationId}/labels`, { body: { name: 'Nope', color: 'red' } }),
    ];
    for (const response of await Promise.all(attempts)) {
      const error = await errorOf(response, 403);
      expect(error.code).toBe('read_only_token');
      expect(error.message).toMatch(/may only read/);
    }
    expect(await taskTitle()).toBe(titleBefore);
    expect(await taskCount()).toBe(countBefore);
    const task = await server.deps.db
      .selectFrom('task')
      .select('deleted_at')
      .where('task_id', '=', taskId)
      .executeTakeFirstOrThrow();
    expect(task.deleted_at).toBeNull();
    const labels = await server.deps.db
      .selectFrom('label')
      .select('name')
      .where('name', '=', 'Nope')
      .execute();
    expect(labels).toEqual([]);
  });
});

describe('the structure of tasks (sub-tasks, relations, estimates)', () => {
  it('is read with a read token and changed only with a read-write one', async () => {
    const other = await createTask(world.owner, projectId, 'Another piece');
    const reader = bearer(server, (await createToken(world.owner, 'read')).token);
    const writer = bearer(server, (await createToken(world.owner, 'read-write')).token);
    const structure = await reader(`/api/tasks/${taskId}/structure`);
    expect(structure.status).toBe(200);

    const refused = [
      reader(`/api/tasks/${other}/parent`, { method: 'PUT', body: { parent_id: taskId } }),
      reader(`/api/tasks/${taskId}/relations`, { body: { side: 'blocks', task_id: other } }),
      reader(`/api/projects/${projectId}/tasks`, { body: { title: 'Child', parent_id: taskId } }),
      reader(`/api/tasks/${other}/subtask-position`, { method: 'PUT', body: { index: 0 } }),
    ];
    for (const response of await Promise.all(refused))
      expect((await errorOf(response, 403)).code).toBe('read_only_token');
    const unchanged = (await (await reader(`/api/tasks/${taskId}/structure`)).json()) as {
      subtasks: unknown[];
      relations: unknown[];
    };
    expect(unchanged.subtasks).toEqual([]);
    expect(unchanged.relations).toEqual([]);

    expect(
      (await writer(`/api/tasks/${other}/parent`, { method: 'PUT', body: { parent_id: taskId } })).status,
    ).toBe(200);
    const relation = await writer(`/api/tasks/${taskId}/relations`, {
      body: { side: 'relates', task_id: other },
    });
    expect(relation.status).toBe(201);
    const changed = (await (await reader(`/api/tasks/${taskId}/structure`)).json()) as {
      subtasks: Array<{ task_id: string }>;
      relations: unknown[];
    };
    expect(changed.subtasks.map((subtask) => subtask.task_id)).toEqual([other]);
    expect(changed.relations).toHaveLength(1);
  });
});

describe('a percent-encoded path', () => {
  it('reaches the same /api route with the token and its scope, as the matched route decides', async () => {
    const { token } = await createToken(world.owner, 'read');
    const api = bearer(server, token);
    expect((await api(`/%61pi/tasks/${taskId}`)).status).toBe(200);
    const titleBefore = await taskTitle();
    const error = await errorOf(
      await api(`/%61pi/tasks/${taskId}`, { method: 'PATCH', body: { title: 'Not allowed' } }),
      403,
    );
    expect(error.code).toBe('read_only_token');
    expect(await taskTitle()).toBe(titleBefore);
  });
});

describe('tokens that are not valid', () => {
  it('answers 401 for a revoked token from its next request on', async () => {
    const created = await createToken(world.member, 'read');
    const api = bearer(server, created.token);
    expect((await api('/api/me')).status).toBe(200);
    const revoke = await world.member.api(`/api/me/api-tokens/${created.api_token_id}`, { method: 'DELETE' });
    expect(revoke.status).toBe(204);
    const refused = await api('/api/me');
    expect(refused.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    expect((await errorOf(refused, 401)).code).toBe('invalid_token');
  });

  it('answers the same 401 to unknown, forged and malformed tokens', async () => {
    const real = await createToken(world.member, 'read-write');
    const [, prefix = '', secret = ''] = /^figgle_([a-z0-9]{10})_(.+)$/.exec(real.token) ?? [];
    const flipped = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    const wrongs = [
      `figgle_${'z'.repeat(10)}_${randomBytes(32).toString('base64url')}`, // unknown
      `figgle_${prefix}_${randomBytes(32).toString('base64url')}`, // a real prefix, a forged secret
      `figgle_${prefix}_${flipped}`, // one character off
      `${real.token}x`,
      real.token.slice(0, -1),
      `figgle_${prefix}`,
      'not-a-token',
    ];
    const messages = new Set<string>();
    for (const wrong of wrongs) {
      const body = await errorOf(await bearer(server, wrong)('/api/me'), 401);
      messages.add(body.message);
    }
    for (const header of [
      'Bearer',
      'Bearer ',
      `Basic ${Buffer.from('a:b').toString('base64')}`,
      real.token,
    ]) {
      const response = await fetch(`${server.url}/api/me`, { headers: { authorization: header } });
      messages.add((await errorOf(response, 401)).message);
    }
    expect([...messages]).toEqual(['This API token is not valid: it is unknown, revoked or mistyped.']);
    // The real token still works, with the scheme in any case.
    const lower = await fetch(`${server.url}/api/me`, { headers: { authorization: `bearer ${real.token}` } });
    expect(lower.status).toBe(200);
  });

  it('never falls back to the cookie when the token is wrong', async () => {
    const response = await world.member.api('/api/me', { headers: { authorization: 'Bearer wrong' } });
    expect((await errorOf(response, 401)).code).toBe('invalid_token');
  });
});

describe('what only a browser session may do', () => {
  it('refuses a token that tries to list, create or revoke tokens, change the password or sign in', async () => {
    const { token } = await createToken(world.owner, 'read-write');
    const victim = await createToken(world.owner, 'read', 'Kept');
    const api = bearer(server, token);
    const before = await server.deps.db.selectFrom('api_token').select('api_token_id').execute();

    const attempts = [
      api('/api/me/api-tokens'),
      api('/api/me/api-tokens', { body: { name: 'Minted', scope: 'read-write' } }),
      api(`/api/me/api-tokens/${victim.api_token_id}`, { method: 'DELETE' }),
      api('/api/me/password', {
        body: { currentPassword: world.owner.password, newPassword: 'stolen-pw-1' },
      }),
      api('/api/auth/get-session'),
      api('/api/auth/sign-out', { body: {} }),
      api(`${REALTIME_PATH}?v=99`),
    ];
    for (const response of await Promise.all(attempts)) {
      expect((await errorOf(response, 403)).code).toBe('session_required');
    }
    const after = await server.deps.db.selectFrom('api_token').select('api_token_id').execute();
    expect(after).toHaveLength(before.length);
    expect((await bearer(server, victim.token)('/api/me')).status).toBe(200);
    // A cookie alongside does not open these doors: the token decides.
    const both = await world.owner.api('/api/me/api-tokens', {
      body: { name: 'Minted', scope: 'read-write' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect((await errorOf(both, 403)).code).toBe('session_required');
  });
});

describe('the cross-site check', () => {
  const evil = 'https://evil.example';

  it('is skipped for a token without a cookie, and kept for a cookie', async () => {
    const { token } = await createToken(world.member, 'read-write');
    const byToken = await bearer(server, token)(`/api/projects/${projectId}/tasks`, {
      body: { title: 'From a script on another host' },
      headers: { origin: evil, 'sec-fetch-site': 'cross-site' },
    });
    expect(byToken.status, await byToken.clone().text()).toBe(201);

    const byCookie = await world.member.api(`/api/projects/${projectId}/tasks`, {
      body: { title: 'From another site' },
      headers: { origin: evil },
    });
    expect((await errorOf(byCookie, 403)).code).toBe('forbidden_origin');
  });

  it('is kept when a request carries a cookie and a token, and the token decides who acts', async () => {
    const readOnly = await createToken(world.member, 'read');
    const countBefore = await taskCount();
    const crossSite = await world.member.api(`/api/projects/${projectId}/tasks`, {
      body: { title: 'Both, from another site' },
      headers: { origin: evil, authorization: `Bearer ${readOnly.token}` },
    });
    expect((await errorOf(crossSite, 403)).code).toBe('forbidden_origin');

    // Same site: the read token limits the member's own cookie rather than the cookie widening it.
    const sameSite = await world.member.api(`/api/projects/${projectId}/tasks`, {
      body: { title: 'Both, same site' },
      headers: { authorization: `Bearer ${readOnly.token}` },
    });
    expect((await errorOf(sameSite, 403)).code).toBe('read_only_token');
    expect(await taskCount()).toBe(countBefore);

    // Someone else's cookie next to the member's token: the request is the member's.
    const outsiderCookie = await world.outsider.api('/api/me', {
      headers: { authorization: `Bearer ${readOnly.token}` },
    });
    expect(((await outsiderCookie.json()) as { email: string }).email).toBe(world.member.email);
  });
});

describe('last use', () => {
  it('is empty until the token is used, then stamped at most once a minute', async () => {
    const created = await createToken(world.outsider, 'read', 'Watched');
    const listed = async () => {
      const tokens = (await (await world.outsider.api('/api/me/api-tokens')).json()) as Array<{
        api_token_id: string;
        last_used_at: string | null;
      }>;
      return tokens.find((each) => each.api_token_id === created.api_token_id)?.last_used_at;
    };
    expect(created.last_used_at).toBeNull();
    expect(await listed()).toBeNull();
    const api = bearer(server, created.token);
    expect((await api('/api/me')).status).toBe(200);
    const first = await listed();
    expect(first).toEqual(expect.any(String));
    expect(Date.now() - new Date(first!).getTime()).toBeLessThan(60_000);
    expect((await api('/api/organizations')).status).toBe(200);
    expect(await listed()).toBe(first);
  });
});
