// @database both

import type { TaskDevResource } from '@figgle/shared/figma-dev-resource-schemas';
import type { TaskFigmaNode } from '@figgle/shared/figma-node-schemas';
import { testDatabaseKind } from '@figgle/test-support/database-template';
import { FakeFigma, SAMPLE_FILE_KEY } from '@figgle/test-support/fake-figma';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestUser } from '@figgle/test-support/users';
import { startMailCatcher } from '@figgle/test-support/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganizationAs } from '../organizations/organizations-world.ts';
import { type CrashPlace, openCrashPlace } from '../support/crash-place.ts';
import { createRemoteUser, onServer } from '../support/remote-user.ts';
import type { ServerProcess } from '../support/server-process.ts';
import { connectFigma, createProject, eventually, OWNER_TOKEN } from './figma-world.ts';

/**
 * A dev resource Figma created just before the server process was killed (SIGKILL, main.ts as
 * `npm start` runs it), its answer lost: after the restart the job, tried again, finds it by its
 * address and stores its id, so exactly one dev resource points at the task.
 */
const kind = testDatabaseKind();
const CREATE_PATH = /^\/v1\/dev_resources$/;
const LIST_PATH = /^\/v1\/files\/[^/]+\/dev_resources$/;
/** Two starts, a lease to run out on PostgreSQL, a busy machine. */
const KILL_TEST_MS = 120_000;

describe(`SIGKILL while Figma creates a dev resource (${kind})`, () => {
  let mail: MailCatcher;
  let figma: FakeFigma;
  let place: CrashPlace;
  let user: TestUser;
  let projectId: string;
  let server: ServerProcess;

  /** The address of the first start: a deployment's PUBLIC_URL stays, though each start takes a new port. */
  let publicUrl: string | undefined;
  const start = () =>
    place.start({
      SECRET: 'figma-dev-resources-kill-secret-long-enough-0123456789',
      SMTP_URL: mail.url,
      FIGMA_API_URL: figma.url,
      ...(publicUrl ? { PUBLIC_URL: publicUrl } : {}),
    });

  beforeAll(async () => {
    mail = await startMailCatcher();
    figma = await new FakeFigma({ tokens: [OWNER_TOKEN] }).start();
    place = await openCrashPlace(kind, 'figma-dev-resources-kill');
    server = await start();
    publicUrl = server.url;
    user = await createRemoteUser(server.url, mail, 'Kim');
    const organizationId = await createOrganizationAs(user, 'Crash Studio');
    projectId = await createProject(user, organizationId, 'Checkout', 'CHK');
    await connectFigma({ owner: user, organizationId, projectId });
  }, KILL_TEST_MS);

  afterAll(async () => {
    await place?.close();
    await figma?.stop();
    await mail?.stop();
  });

  it(
    'leaves exactly one dev resource when the kill lands after Figma created it',
    async () => {
      const created = await user.api(`/api/projects/${projectId}/tasks`, { body: { title: 'Survives' } });
      expect(created.status).toBe(201);
      const task = (await created.json()) as { task_id: string; reference: number };
      const nodeId = '77:1';

      const release = figma.stall('POST', CREATE_PATH);
      const linked = await user.api(`/api/tasks/${task.task_id}/figma-nodes`, {
        body: { url: `https://www.figma.com/design/${SAMPLE_FILE_KEY}/Checkout?node-id=77-1` },
      });
      expect(linked.status).toBe(201);
      const link = (await linked.json()) as TaskFigmaNode;
      // The worker waits for Figma's answer when the process dies.
      await eventually(
        async () => figma.requests('POST', CREATE_PATH).length === 1,
        'the creation on its way',
      );
      server.child.kill('SIGKILL');
      await server.exited;
      const killedAt = Date.now();
      // Figma carries out the creation it had received; its answer goes to a dead process.
      release();
      await eventually(
        async () => figma.devResources.on(SAMPLE_FILE_KEY, nodeId).length === 1,
        'the dev resource in Figma',
      );

      server = await start();
      user = onServer(user, server.url);
      const [state] = await eventually(
        async () => {
          const response = await user.api(`/api/tasks/${task.task_id}/figma-dev-resources`);
          const states = (await response.json()) as TaskDevResource[];
          return states[0]?.state === 'linked' ? states : null;
        },
        'the link marked linked after the restart',
        45_000,
      );
      expect(state?.task_figma_node_id).toBe(link.task_figma_node_id);
      const resources = figma.devResources.on(SAMPLE_FILE_KEY, nodeId);
      expect(resources).toEqual([
        expect.objectContaining({
          name: `CHK-${task.reference} Survives`,
          url: `${publicUrl}/task/${task.task_id}`,
        }),
      ]);
      // The try after the restart read the node's dev resources and created none.
      expect(
        figma.received.some((r) => r.method === 'GET' && r.at > killedAt && LIST_PATH.test(r.path)),
      ).toBe(true);
      expect(figma.requests('POST', CREATE_PATH)).toHaveLength(1);
      expect(server.output()).not.toMatch(/"level":(50|60)/);
    },
    KILL_TEST_MS,
  );
});
