// @database both
import type { LinkedTask } from '@figgle/shared/figma-plugin-schemas';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { serverWithMail, type TestUser } from '@figgle/test-support/users';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createToken, errorOf } from '../api-tokens/api-tokens-world.ts';
import { createOrganizationWorld, type OrganizationWorld } from '../organizations/organizations-world.ts';
import { createProject, createTask } from '../realtime/realtime-world.ts';

/**
 * What the Figma plugin (apps/figma-plugin) asks of the server, as its iframe asks it: an API token
 * in Authorization, `Origin: null`, no cookie. docs/product.md#the-figma-plugin.
 */

const FILE_KEY = 'PluginFile12345';
const OTHER_FILE_KEY = 'OtherFile123456';

let server: TestServer;
let mail: MailCatcher;
let world: OrganizationWorld;
let projectId: string;
let memberToken: string;

/** The plugin's request: the token, the iframe's `null` Origin, no cookie. */
function fromPlugin(token: string) {
  const api = bearer(server, token);
  return (path: string, init: { method?: string; body?: unknown } = {}) =>
    api(path, { ...init, headers: { origin: 'null' } });
}

async function linkNode(user: TestUser, taskId: string, fileKey: string, nodeId: string): Promise<void> {
  const response = await user.api(`/api/tasks/${taskId}/figma-nodes`, {
    body: { url: `https://www.figma.com/design/${fileKey}/Checkout?node-id=${nodeId.replace(':', '-')}` },
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

const linkedTasks = async (token: string, nodeIds: string[], fileKey = FILE_KEY) => {
  const response = await fromPlugin(token)(
    `/api/figma/linked-tasks?file_key=${fileKey}&node_ids=${encodeURIComponent(nodeIds.join(','))}`,
  );
  expect(response.status, await response.clone().text()).toBe(200);
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  return (await response.json()) as LinkedTask[];
};

serverWithMail((started) => ({ server, mail } = started));
beforeAll(async () => {
  world = await createOrganizationWorld(server, mail);
  projectId = await createProject(world.owner, world.organizationId, 'Website');
  memberToken = (await createToken(world.member, 'read-write')).token;
});

describe('GET /api/figma/linked-tasks', () => {
  it("lists the tasks linked to the node or its parents, nearest first, of the caller's organizations only", async () => {
    const onFrame = await createTask(world.owner, projectId, 'Checkout button');
    const onPage = await createTask(world.owner, projectId, 'Checkout page');
    const elsewhere = await createTask(world.owner, projectId, 'Another file');
    const gone = await createTask(world.owner, projectId, 'Deleted one');
    await linkNode(world.owner, onFrame, FILE_KEY, '10:2');
    await linkNode(world.owner, onFrame, FILE_KEY, '10:1');
    await linkNode(world.owner, onPage, FILE_KEY, '10:1');
    await linkNode(world.owner, elsewhere, OTHER_FILE_KEY, '10:2');
    await linkNode(world.owner, gone, FILE_KEY, '10:2');
    expect((await world.owner.api(`/api/tasks/${gone}`, { method: 'DELETE' })).status).toBe(204);
    const assigned = await world.owner.api(`/api/tasks/${onFrame}`, {
      method: 'PATCH',
      body: { assignee_id: world.member.userId, due_on: '2027-03-01' },
    });
    expect(assigned.status, await assigned.text()).toBe(200);
    // Another organization links the same node: its task is none of the member's business.
    const theirs = await createProject(world.outsider, world.outsiderOrganizationId, 'Theirs');
    await linkNode(world.outsider, await createTask(world.outsider, theirs, 'Secret'), FILE_KEY, '10:2');

    const tasks = await linkedTasks(memberToken, ['10:2', '10:1', '0:1']);
    expect(tasks.map((task) => [task.title, task.node_id])).toEqual([
      ['Checkout button', '10:2'],
      ['Checkout page', '10:1'],
    ]);
    const [first] = tasks;
    expect(first).toMatchObject({
      task_id: onFrame,
      project_id: projectId,
      project_name: 'Website',
      status: 'TODO',
      assignee: { user_id: world.member.userId, firstname: 'Mia', lastname: 'Member' },
      due_on: '2027-03-01',
      due_at: null,
      url: `${server.env.PUBLIC_URL.replace(/\/+$/, '')}/task/${onFrame}`,
    });
    expect(first?.reference).toMatch(/^WEB-\d+$/i);
    expect(await linkedTasks(memberToken, ['99:9'])).toEqual([]);
  });

  it('refuses a malformed question with a 400', async () => {
    const api = fromPlugin(memberToken);
    await errorOf(await api('/api/figma/linked-tasks?file_key=short&node_ids=1:2'), 400);
    await errorOf(await api(`/api/figma/linked-tasks?file_key=${FILE_KEY}&node_ids=`), 400);
    await errorOf(await api(`/api/figma/linked-tasks?file_key=${FILE_KEY}&node_ids=1:2,<b>`), 400);
    const tooMany = Array.from({ length: 101 }, (_, index) => `1:${index}`).join(',');
    await errorOf(await api(`/api/figma/linked-tasks?file_key=${FILE_KEY}&node_ids=${tooMany}`), 400);
    await errorOf(await api(`/api/figma/linked-tasks?node_ids=1:2`), 400);
  });

  it('answers a revoked token with a 401 the plugin can read', async () => {
    const { token, api_token_id } = await createToken(world.member, 'read', 'Figma plugin');
    expect((await linkedTasks(token, ['1:2'])).length).toBe(0);
    expect((await world.member.api(`/api/me/api-tokens/${api_token_id}`, { method: 'DELETE' })).status).toBe(
      204,
    );
    const refused = await fromPlugin(token)(`/api/figma/linked-tasks?file_key=${FILE_KEY}&node_ids=1:2`);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    await errorOf(refused, 401);
  });

  it('is for signed-in people: 401 without a session or token', async () => {
    const response = await fetch(`${server.url}/api/figma/linked-tasks?file_key=${FILE_KEY}&node_ids=1:2`);
    await errorOf(response, 401);
  });
});

describe("CORS for the plugin's iframe", () => {
  const preflight = (path: string, method: string, headers = 'authorization, content-type') =>
    fetch(`${server.url}${path}`, {
      method: 'OPTIONS',
      headers: {
        origin: 'null',
        'access-control-request-method': method,
        'access-control-request-headers': headers,
      },
    });

  it('answers the preflight of a plugin route that asks to send a token', async () => {
    const answer = await preflight(`/api/projects/${projectId}/tasks`, 'POST');
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-allow-methods')).toBe('POST');
    expect(answer.headers.get('access-control-allow-headers')).toBe('authorization, content-type');
    expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
    expect((await preflight('/api/tasks/x/content', 'PATCH')).status).toBe(204);
    expect((await preflight('/api/uploads', 'POST', 'authorization')).status).toBe(204);
  });

  it('refuses any other preflight: another route, another method, or no token asked for', async () => {
    for (const answer of [
      await preflight('/api/me/api-tokens', 'POST'),
      await preflight(`/api/projects/${projectId}`, 'DELETE'),
      await preflight(`/api/projects/${projectId}/tasks`, 'DELETE'),
      await preflight(`/api/projects/${projectId}/tasks`, 'POST', 'content-type'),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('never offers an answer made with a cookie to another site', async () => {
    const withCookie = await fetch(`${server.url}/api/projects`, {
      headers: { origin: 'null', cookie: world.member.cookie },
    });
    expect(withCookie.status).toBe(200);
    expect(withCookie.headers.get('access-control-allow-origin')).toBeNull();
    const both = await fetch(`${server.url}/api/projects`, {
      headers: { origin: 'null', cookie: world.member.cookie, authorization: `Bearer ${memberToken}` },
    });
    expect(both.headers.get('access-control-allow-origin')).toBeNull();
    // A route the plugin does not call gets no CORS header, even with a token.
    const me = await fromPlugin(memberToken)('/api/me');
    expect(me.status).toBe(200);
    expect(me.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("lets the plugin create a linked task with its image, then change the task's status", async () => {
    const api = fromPlugin(memberToken);
    const projects = await api('/api/projects');
    expect(projects.headers.get('access-control-allow-origin')).toBe('*');
    const created = await api(`/api/projects/${projectId}/tasks`, { body: { title: 'Hero banner' } });
    expect(created.status, await created.clone().text()).toBe(201);
    expect(created.headers.get('access-control-allow-origin')).toBe('*');
    const { task_id: taskId } = (await created.json()) as { task_id: string };

    const linked = await api(`/api/tasks/${taskId}/figma-nodes`, {
      body: { url: `https://www.figma.com/design/${FILE_KEY}/Figgle?node-id=42-7` },
    });
    expect(linked.status, await linked.clone().text()).toBe(201);
    expect(linked.headers.get('access-control-allow-origin')).toBe('*');

    const form = new FormData();
    form.set('folder', `tasks/${taskId}`);
    form.set('kind', 'image');
    form.set('file', new Blob([ONE_PIXEL_PNG], { type: 'image/png' }), 'Hero banner.png');
    const uploaded = await fetch(`${server.url}/api/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${memberToken}`, origin: 'null' },
      body: form,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    expect(uploaded.headers.get('access-control-allow-origin')).toBe('*');

    const moved = await api(`/api/tasks/${taskId}`, { method: 'PATCH', body: { status: 'DOING' } });
    expect(moved.status, await moved.clone().text()).toBe(200);
    expect(moved.headers.get('access-control-allow-origin')).toBe('*');
    const [task] = await linkedTasks(memberToken, ['42:7']);
    expect(task).toMatchObject({ task_id: taskId, title: 'Hero banner', status: 'DOING', node_id: '42:7' });
  });
});

/** The smallest PNG: one transparent pixel. */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
