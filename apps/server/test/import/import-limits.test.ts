// @database pglite
import http from 'node:http';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { createUser, type TestUser } from '@figgle/test-support/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importWritesOn } from '../../src/features/imports/one-import-write-at-a-time.ts';
import { addMember } from '../organizations/organizations-world.ts';
import { createProject, type RealtimeWorld, realtimeWorldPerFile } from '../realtime/realtime-world.ts';
import { analysed, finished, sendImportFile, start } from './import-world.ts';

/**
 * Imports a server reads at once are limited per person and per server (issue 37, item 6): one more
 * is a clear 429 and stores nothing, and a slot comes back when its file has been received and read.
 */
let server: TestServer;
let mail: MailCatcher;
let world: RealtimeWorld;
let third: TestUser;
let projectId: string;

realtimeWorldPerFile((started) => ({ server, mail, world } = started), {
  env: { IMPORTS_PER_USER: '1', IMPORTS_PER_SERVER: '2' },
  timeoutMs: 120_000,
});
beforeAll(async () => {
  third = await createUser(server, mail, { firstname: 'Tess', lastname: 'Third' });
  await addMember(world.owner, world.organizationId, third, mail);
  projectId = await createProject(world.owner, world.organizationId, 'Limited');
}, 120_000);
const held: http.ClientRequest[] = [];
afterAll(() => {
  for (const request of held) request.destroy();
});

const path = () => `/api/projects/${projectId}/imports`;
const CSV_HEAD = 'Title,Status\n';

/** An upload whose body is still coming: the server holds its slot until `finish`. */
async function heldUpload(user: TestUser) {
  const url = new URL(`${server.url}${path()}?file_name=held.csv`);
  const request = http.request(url, {
    method: 'POST',
    headers: { origin: server.url, cookie: user.cookie, 'content-type': 'application/octet-stream' },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let body = '';
      response.on('data', (part: Buffer) => {
        body += part.toString();
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
  held.push(request);
  request.write(CSV_HEAD);
  return {
    answer,
    finish: async () => {
      request.end('Held row,To Do\n');
      return answer;
    },
  };
}

const importRuns = async () =>
  (await server.deps.db.selectFrom('import_run').select('import_id').execute()).length;

/** Waits until the server holds `count` import slots: the held uploads reached the route. */
async function slotsTaken(count: number): Promise<void> {
  const until = Date.now() + 20_000;
  while (server.deps.importSlots.underWay() !== count) {
    if (Date.now() > until) throw new Error(`slots still ${server.deps.importSlots.underWay()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('imports at once', () => {
  it('allows one per person and two per server, each past it a 429 that stores nothing', async () => {
    const before = await importRuns();
    const first = await heldUpload(world.owner);
    await slotsTaken(1);

    const again = await sendImportFile(server, world.owner, path(), 'again.csv', `${CSV_HEAD}Again,To Do\n`);
    expect(again.status).toBe(429);
    expect(await again.json()).toMatchObject({
      statusCode: 429,
      code: 'too_many_imports',
      message: 'You are already sending a file to import. Wait until it has been read, then send the next.',
    });

    const second = await heldUpload(world.member);
    await slotsTaken(2);
    const busy = await sendImportFile(server, third, path(), 'busy.csv', `${CSV_HEAD}Busy,To Do\n`);
    expect(busy.status).toBe(429);
    expect(await busy.json()).toMatchObject({
      statusCode: 429,
      code: 'server_busy_importing',
      message: 'The server is reading other files to import right now. Try again in a minute.',
    });
    expect(await importRuns()).toBe(before);

    // Once read, the slots are free again.
    expect((await first.finish()).status).toBe(201);
    expect((await second.finish()).status).toBe(201);
    await slotsTaken(0);
    const later = await sendImportFile(server, world.owner, path(), 'later.csv', `${CSV_HEAD}Later,To Do\n`);
    expect(later.status).toBe(201);
    expect(await importRuns()).toBe(before + 3);
  }, 60_000);

  it('gives the slot back when a file is refused', async () => {
    const refused = await sendImportFile(server, world.owner, path(), 'bad.json', '{"lists": [,]}');
    expect(refused.status).toBe(400);
    const next = await sendImportFile(server, world.owner, path(), 'next.csv', `${CSV_HEAD}Next,To Do\n`);
    expect(next.status).toBe(201);
  }, 60_000);

  it('writes one import at a time: one started while another holds the turn waits, then is written', async () => {
    const turns = importWritesOn(server.deps.db);
    let giveBack = () => {};
    // Another import's writing, as the job holds it (run-import.ts).
    const other = turns.run(() => new Promise<void>((resolve) => (giveBack = resolve)));
    const rows = Array.from({ length: 300 }, (_, n) => `Waiting ${n + 1},To Do`).join('\n');
    const run = await analysed(server, world.owner, projectId, 'waits.csv', `${CSV_HEAD}${rows}\n`);
    await start(world.owner, run.import_id, { csv_columns: ['title', 'status'] });
    const until = Date.now() + 40_000;
    while (turns.state().waiting !== 1) {
      if (Date.now() > until) throw new Error(`turns ${JSON.stringify(turns.state())}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const waiting = await server.deps.db
      .selectFrom('import_run')
      .select(['state', 'progress_done'])
      .where('import_id', '=', run.import_id)
      .executeTakeFirstOrThrow();
    expect(waiting).toEqual({ state: 'queued', progress_done: 0 });
    giveBack();
    await other;
    const done = await finished(world.owner, run.import_id);
    expect(done.state).toBe('done');
    expect(done.progress).toEqual({ done: 300, total: 300 });
    // The run reads done with its last batch; the job gives the turn back once it has announced it.
    const released = Date.now() + 20_000;
    while (turns.state().running !== 0) {
      if (Date.now() > released) throw new Error(`turns ${JSON.stringify(turns.state())}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(turns.state()).toEqual({ running: 0, waiting: 0 });
  }, 60_000);
});
