// @database both
import type { TaskDevResource } from '@figgle/shared/figma-dev-resource-schemas';
import type { TaskFigmaNode } from '@figgle/shared/figma-node-schemas';
import { SAMPLE_FILE_KEY } from '@figgle/test-support/fake-figma';
import { describe, expect, it } from 'vitest';
import { syncDevResourcesOfFile } from '../../src/features/figma-dev-resources/commands/sync-dev-resources-of-file.ts';
import { createOrganizationAs } from '../organizations/organizations-world.ts';
import { createProject, eventually, type FigmaWorld, figmaWorldPerFile } from './figma-world.ts';

// Links back into Figma (migration 0029): against the fake Figma, each linked node gets exactly one
// dev resource named after its task and pointing at it, renamed with the task, removed with the link
// or the task; Figma's refusals show on the link with "Try again"; and a dev resource added in Figma
// that points at a task of the organization links that task.

let world: FigmaWorld;

figmaWorldPerFile((started) => ({ world } = started), { connected: true });

let nextNode = 100;
function freshNode(): string {
  nextNode += 1;
  return `${nextNode}:7`;
}
const nodeLink = (fileKey: string, nodeId: string) =>
  `https://www.figma.com/design/${fileKey}/Checkout?node-id=${nodeId.replace(':', '-')}&t=AbC123-1`;
const taskAddress = (taskId: string) => `${world.server.deps.env.PUBLIC_URL}/task/${taskId}`;

async function newTask(title: string, projectId = world.projectId): Promise<{ id: string; key: string }> {
  const response = await world.owner.api(`/api/projects/${projectId}/tasks`, { body: { title } });
  expect(response.status, await response.clone().text()).toBe(201);
  const task = (await response.json()) as { task_id: string; reference: number };
  return { id: task.task_id, key: `CHK-${task.reference}` };
}

async function link(taskId: string, fileKey: string, nodeId: string): Promise<TaskFigmaNode> {
  const response = await world.owner.api(`/api/tasks/${taskId}/figma-nodes`, {
    body: { url: nodeLink(fileKey, nodeId) },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as TaskFigmaNode;
}

async function statesOf(taskId: string): Promise<TaskDevResource[]> {
  const response = await world.owner.api(`/api/tasks/${taskId}/figma-dev-resources`);
  expect(response.status).toBe(200);
  return (await response.json()) as TaskDevResource[];
}

const onNode = (nodeId: string, fileKey: string = SAMPLE_FILE_KEY) =>
  world.figma.devResources.on(fileKey, nodeId);

describe('a linked node', () => {
  it('gets one dev resource, renamed with the task, deleted when unlinked', async () => {
    const task = await newTask('Checkout redesign');
    const nodeId = freshNode();
    const linked = await link(task.id, SAMPLE_FILE_KEY, nodeId);

    await eventually(async () => onNode(nodeId).length === 1, 'the dev resource');
    expect(onNode(nodeId)).toEqual([
      expect.objectContaining({
        name: `${task.key} Checkout redesign`,
        url: taskAddress(task.id),
        file_key: SAMPLE_FILE_KEY,
        node_id: nodeId,
      }),
    ]);
    await eventually(
      async () => (await statesOf(task.id)).every((state) => state.state === 'linked'),
      'the link marked linked',
    );
    const stored = await world.server.deps.db
      .selectFrom('task_figma_node')
      .select('dev_resource_id')
      .where('task_figma_node_id', '=', linked.task_figma_node_id)
      .executeTakeFirstOrThrow();
    expect(stored.dev_resource_id).toBe(onNode(nodeId)[0]!.id);

    const renamed = await world.owner.api(`/api/tasks/${task.id}`, {
      method: 'PATCH',
      body: { title: 'Checkout, second pass' },
    });
    expect(renamed.status).toBe(200);
    await eventually(
      async () => onNode(nodeId)[0]?.name === `${task.key} Checkout, second pass`,
      'the dev resource renamed',
    );
    expect(onNode(nodeId)).toHaveLength(1);
    expect(world.figma.requests('PUT', /^\/v1\/dev_resources$/).length).toBeGreaterThan(0);

    const unlinked = await world.owner.api(`/api/tasks/${task.id}/figma-nodes/${linked.task_figma_node_id}`, {
      method: 'DELETE',
    });
    expect(unlinked.status).toBe(204);
    await eventually(async () => onNode(nodeId).length === 0, 'the dev resource deleted');
  });

  it('loses its dev resource when the task is deleted', async () => {
    const task = await newTask('Delete me');
    const nodeId = freshNode();
    await link(task.id, SAMPLE_FILE_KEY, nodeId);
    await eventually(async () => onNode(nodeId).length === 1, 'the dev resource');

    const deleted = await world.owner.api(`/api/tasks/${task.id}`, { method: 'DELETE' });
    expect(deleted.status).toBeLessThan(300);
    await eventually(async () => onNode(nodeId).length === 0, 'the dev resource deleted');
  });

  it('takes a rename made while Figma was creating the dev resource', async () => {
    const task = await newTask('First title');
    const nodeId = freshNode();
    const release = world.figma.stall('POST', /^\/v1\/dev_resources$/);
    const posts = world.figma.requests('POST', /^\/v1\/dev_resources$/).length;
    await link(task.id, SAMPLE_FILE_KEY, nodeId);
    await eventually(
      async () => world.figma.requests('POST', /^\/v1\/dev_resources$/).length > posts,
      'the creation on its way',
    );
    const renamed = await world.owner.api(`/api/tasks/${task.id}`, {
      method: 'PATCH',
      body: { title: 'Second title' },
    });
    expect(renamed.status).toBe(200);
    release();
    await eventually(async () => onNode(nodeId)[0]?.name === `${task.key} Second title`, 'the later name');
    expect(onNode(nodeId)).toHaveLength(1);
  });

  it('finds the dev resource already on the node instead of adding a second', async () => {
    const task = await newTask('Already there');
    const nodeId = freshNode();
    const before = world.figma.devResources.addInFigma({
      name: 'Made by an earlier try',
      url: taskAddress(task.id),
      file_key: SAMPLE_FILE_KEY,
      node_id: nodeId,
    });
    await link(task.id, SAMPLE_FILE_KEY, nodeId);
    await eventually(async () => onNode(nodeId)[0]?.name === `${task.key} Already there`, 'the rename');
    expect(onNode(nodeId)).toEqual([expect.objectContaining({ id: before.id })]);
  });
});

describe('when Figma refuses', () => {
  it('says so on the link, and "Try again" adds it once Figma allows', async () => {
    const fileKey = 'ReadOnlyFile0000000001';
    world.figma.addFile(fileKey, 'Brand library');
    world.figma.devResources.readOnlyFiles.add(fileKey);
    const task = await newTask('Refused');
    const nodeId = freshNode();
    const linked = await link(task.id, fileKey, nodeId);

    const [refused] = await eventually(async () => {
      const states = await statesOf(task.id);
      return states.some((state) => state.state === 'refused') ? states : null;
    }, 'the refusal on the link');
    expect(refused).toEqual({
      task_figma_node_id: linked.task_figma_node_id,
      state: 'refused',
      message: expect.stringMatching(/cannot edit this file/),
      reason: 'cannot_edit',
    });
    expect(onNode(nodeId, fileKey)).toHaveLength(0);

    world.figma.devResources.readOnlyFiles.delete(fileKey);
    const retried = await world.owner.api(
      `/api/tasks/${task.id}/figma-nodes/${linked.task_figma_node_id}/dev-resource/retry`,
      { method: 'POST' },
    );
    expect(retried.status).toBe(200);
    expect(await retried.json()).toEqual(expect.objectContaining({ state: 'pending', message: null }));
    await eventually(
      async () => (await statesOf(task.id))[0]?.state === 'linked',
      'the link added after "Try again"',
    );
    expect(onNode(nodeId, fileKey)).toHaveLength(1);
  });

  it('says so when the organization has no Figma token at all, and asks Figma nothing', async () => {
    const organization = await createOrganizationAs(world.member, 'No Figma Yet');
    const project = await createProject(world.member, organization, 'Web', 'WEB');
    const created = await world.member.api(`/api/projects/${project}/tasks`, {
      body: { title: 'Tokenless' },
    });
    const task = (await created.json()) as { task_id: string };
    const nodeId = freshNode();
    const calls = world.figma.received.length;
    const linked = await world.member.api(`/api/tasks/${task.task_id}/figma-nodes`, {
      body: { url: nodeLink(SAMPLE_FILE_KEY, nodeId) },
    });
    expect(linked.status).toBe(201);
    const states = await eventually(async () => {
      const answer = await world.member.api(`/api/tasks/${task.task_id}/figma-dev-resources`);
      const found = (await answer.json()) as TaskDevResource[];
      return found[0]?.state === 'refused' ? found : null;
    }, 'the refusal');
    expect(states[0]?.message).toMatch(/no owner of this organization has connected Figma/);
    expect(world.figma.received.slice(calls).filter((r) => r.path.includes('dev_resources'))).toEqual([]);
  });

  it("says Figma's reason when the node already holds its 10 dev resources", async () => {
    const task = await newTask('Crowded node');
    const nodeId = freshNode();
    for (let n = 1; n <= 10; n += 1) {
      world.figma.devResources.addInFigma({
        name: `Spec ${n}`,
        url: `https://storybook.example.com/spec-${n}`,
        file_key: SAMPLE_FILE_KEY,
        node_id: nodeId,
      });
    }
    await link(task.id, SAMPLE_FILE_KEY, nodeId);
    const [state] = await eventually(async () => {
      const states = await statesOf(task.id);
      return states[0]?.state === 'failed' ? states : null;
    }, 'the refusal');
    expect(state?.message).toMatch(/maximum of 10 dev resources/);
    expect(state?.reason).toBe('figma_said');
    expect(onNode(nodeId)).toHaveLength(10);
  });

  it('says the file is gone when Figma no longer finds it', async () => {
    const task = await newTask('Gone file');
    await link(task.id, 'DeletedFile00000000001', freshNode());
    const [state] = await eventually(async () => {
      const states = await statesOf(task.id);
      return states[0]?.state === 'file_gone' ? states : null;
    }, 'the file marked gone');
    expect(state?.message).toMatch(/no longer finds this file/);
    expect(state?.reason).toBe('file_gone');
  });

  it('answers 404 to "Try again" on a link of another task, and changes nothing', async () => {
    const task = await newTask('Not mine');
    const other = await newTask('Other');
    const linked = await link(other.id, SAMPLE_FILE_KEY, freshNode());
    const answer = await world.owner.api(
      `/api/tasks/${task.id}/figma-nodes/${linked.task_figma_node_id}/dev-resource/retry`,
      { method: 'POST' },
    );
    expect(answer.status).toBe(404);
    const malformed = await world.owner.api(`/api/tasks/${task.id}/figma-nodes/12/dev-resource/retry`, {
      method: 'POST',
    });
    expect(malformed.status).toBe(400);
  });
});

describe('a dev resource added in Figma', () => {
  it('links the task of this organization it points at, and ignores another organization’s', async () => {
    const mine = await newTask('Linked from Figma');
    const otherOrganization = await createOrganizationAs(world.owner, 'Other Studio');
    const otherProject = await createProject(world.owner, otherOrganization, 'Other', 'OTH');
    const theirs = await newTask('Not ours', otherProject);
    const nodeId = freshNode();
    world.figma.devResources.addInFigma({
      name: 'Spec in Figgle',
      url: taskAddress(mine.id),
      file_key: SAMPLE_FILE_KEY,
      node_id: nodeId,
    });
    world.figma.devResources.addInFigma({
      name: 'Someone else’s',
      url: `${taskAddress(theirs.id)}?secret=s3cr3t-token#frag`,
      file_key: SAMPLE_FILE_KEY,
      node_id: nodeId,
    });
    const logged: Array<{ object: object; message: string }> = [];
    const log = {
      warn: (object: object, message: string) => logged.push({ object, message }),
      error: (object: object, message: string) => logged.push({ object, message }),
    };

    const added = await syncDevResourcesOfFile(
      { ...world.server.deps, log },
      world.organizationId,
      SAMPLE_FILE_KEY,
    );
    expect(added).toBe(1);
    const links = (await (
      await world.owner.api(`/api/tasks/${mine.id}/figma-nodes`)
    ).json()) as TaskFigmaNode[];
    expect(links).toEqual([expect.objectContaining({ node_id: nodeId, source: 'figma' })]);
    expect(await statesOf(mine.id)).toEqual([expect.objectContaining({ state: 'linked' })]);
    const theirLinks = await world.server.deps.db
      .selectFrom('task_figma_node')
      .select('task_figma_node_id')
      .where('task_id', '=', theirs.id)
      .execute();
    expect(theirLinks).toEqual([]);
    expect(logged).toHaveLength(1);
    expect(JSON.stringify(logged)).toContain(`/task/${theirs.id}`);
    expect(JSON.stringify(logged)).not.toContain('s3cr3t');

    // A file Figma does not find is logged and skipped: the file event's other work goes on.
    expect(
      await syncDevResourcesOfFile(
        { ...world.server.deps, log },
        world.organizationId,
        'GoneFile0000000000001',
      ),
    ).toBe(0);
    expect(logged.at(-1)?.message).toBe('dev resources of a file not read');

    // Read again: nothing new, and the dev resource a person made is not touched.
    expect(
      await syncDevResourcesOfFile({ ...world.server.deps, log }, world.organizationId, SAMPLE_FILE_KEY),
    ).toBe(0);
    expect(onNode(nodeId)).toHaveLength(2);
  });

  it('is read by a periodic job of the organization, which then waits 10 minutes again', async () => {
    const task = await newTask('Linked between two checks');
    const nodeId = freshNode();
    world.figma.devResources.addInFigma({
      name: 'Added in Dev Mode',
      url: taskAddress(task.id),
      file_key: SAMPLE_FILE_KEY,
      node_id: nodeId,
    });
    const scanOf = () =>
      world.server.deps.db
        .selectFrom('job')
        .select(['state', 'run_at', 'attempts'])
        .where('kind', '=', 'figma_dev_resource_scan')
        .where('organization_id', '=', world.organizationId)
        .executeTakeFirstOrThrow();
    expect((await scanOf()).state).toBe('pending');
    // Its 10 minutes are up.
    await world.server.deps.db
      .updateTable('job')
      .set({ run_at: new Date() })
      .where('kind', '=', 'figma_dev_resource_scan')
      .where('organization_id', '=', world.organizationId)
      .execute();

    await eventually(async () => {
      const links = (await (
        await world.owner.api(`/api/tasks/${task.id}/figma-nodes`)
      ).json()) as TaskFigmaNode[];
      return links.some((found) => found.node_id === nodeId && found.source === 'figma');
    }, 'the link read by the periodic job');
    const next = await eventually(async () => {
      const scan = await scanOf();
      return scan.state === 'pending' && new Date(scan.run_at).getTime() > Date.now() + 9 * 60_000
        ? scan
        : null;
    }, 'the next check in 10 minutes');
    expect(next.attempts).toBe(0);
  });
});
