// @database both
import { topics } from '@figgle/shared/realtime-protocol';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { serverWithMail, signInAgain } from '@figgle/test-support/users';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeLoad, runLoad } from '../../../../bench/support/load-run.ts';
import { createOrganizationWorld, type OrganizationWorld } from '../organizations/organizations-world.ts';
import { createProject, createTask } from './realtime-world.ts';

// The load run of `npm run bench` (bench/load.ts: 1,000 sockets, 200 writes/s, 60 s) at a size the
// test suite can afford; the same code drives both.
const SOCKETS = 100;
const WRITES_PER_SECOND = 50;
const SECONDS = 5;
const TASKS = 10;
/** Sessions per person: the server holds 20 sockets a session and 50 a person at most. */
const SESSIONS_EACH = 4;

let server: TestServer;
let mail: MailCatcher;
let world: OrganizationWorld;
let projectId: string;
const taskIds: string[] = [];
const sessions: Array<{ cookie: string }> = [];

serverWithMail((started) => ({ server, mail } = started));
beforeAll(async () => {
  world = await createOrganizationWorld(server, mail);
  projectId = await createProject(world.owner, world.organizationId, 'Load');
  for (let i = 0; i < TASKS; i++) taskIds.push(await createTask(world.owner, projectId, `Load task ${i}`));
  // Interleaved, so that the sockets (round robin over the sessions) split evenly between the two.
  for (let i = 0; i < SESSIONS_EACH; i++) {
    for (const person of [world.owner, world.member]) {
      sessions.push({ cookie: i === 0 ? person.cookie : await signInAgain(server, person) });
    }
  }
});

describe('load: sockets listening to an organization while its tasks are written', () => {
  it(`${SOCKETS} sockets, ${WRITES_PER_SECOND} writes/s for ${SECONDS} s: no errors, every socket gets every event`, async () => {
    const result = await runLoad({
      url: server.url,
      sessions,
      writers: [world.owner, world.member],
      topics: [topics.projects(world.organizationId), topics.tasks(projectId)],
      taskIds,
      sockets: SOCKETS,
      seconds: SECONDS,
      writesPerSecond: WRITES_PER_SECOND,
    });
    console.log(`load test (${server.database.kind}): ${describeLoad(result)}`);

    expect(result.errorSamples).toEqual([]);
    expect(result.errors).toBe(0);
    expect(result.latencies).toHaveLength(SECONDS * WRITES_PER_SECOND);
    expect(result.expectedEvents).toBe(SECONDS * WRITES_PER_SECOND * SOCKETS);
    expect(result.receivedEvents).toBe(result.expectedEvents);
    expect(result.socketsShort).toBe(0);

    // The writes really happened: the last title of each task is one of the run's.
    const titles = await server.deps.db
      .selectFrom('task')
      .select('title')
      .where('project_id', '=', projectId)
      .execute();
    expect(titles.every((task) => task.title.startsWith('Load write '))).toBe(true);
  }, 180_000);
});
