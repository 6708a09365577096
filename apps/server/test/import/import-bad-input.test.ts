// @database pglite
import http from 'node:http';
import type { TestServer } from '@figgle/test-support/test-server';
import { trelloBoard } from '@figgle/test-support/trello-board';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProject, type RealtimeWorld, realtimeWorldPerFile } from '../realtime/realtime-world.ts';
import { sendImportFile } from './import-world.ts';

const MAX = 256 * 1024;
let server: TestServer;
let world: RealtimeWorld;
let projectId: string;

realtimeWorldPerFile((started) => ({ server, world } = started), { env: { IMPORT_MAX_BYTES: String(MAX) } });
beforeAll(async () => {
  projectId = await createProject(world.owner, world.organizationId, 'Guarded');
});

const path = () => `/api/projects/${projectId}/imports`;
const runs = () => server.deps.db.selectFrom('import_run').select('import_id').execute();
const tasks = () =>
  server.deps.db.selectFrom('task').select('task_id').where('project_id', '=', projectId).execute();

async function refused(response: Response, status: number): Promise<string> {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { statusCode: number; code: string; message: string };
  expect(body.statusCode).toBe(status);
  return body.message;
}

describe('bad files for Import', () => {
  it('refuses truncated and malformed JSON, and JSON that is not a Trello board, keeping nothing', async () => {
    const board = JSON.stringify(trelloBoard({ cards: 5 }).board);
    expect(
      await refused(
        await sendImportFile(server, world.owner, path(), 'cut.json', board.slice(0, board.length / 2)),
        400,
      ),
    ).toMatch(/^The file is not valid JSON \(.+\): it may be cut short\./);
    expect(
      await refused(await sendImportFile(server, world.owner, path(), 'bad.json', '{"lists": [,]}'), 400),
    ).toMatch(/not valid JSON/);
    expect(
      await refused(await sendImportFile(server, world.owner, path(), 'other.json', '{"tasks": []}'), 400),
    ).toBe('This JSON file is neither a Trello board export nor a Figgle project export.');
    expect(
      await refused(
        await sendImportFile(server, world.owner, path(), 'odd.json', '{"lists": [], "cards": [{"id": 3}]}'),
        400,
      ),
    ).toMatch(/^This Trello export cannot be read: cards\.0\.id/);
    expect(await refused(await sendImportFile(server, world.owner, path(), 'empty.csv', ''), 400)).toBe(
      'The CSV file is empty: it needs a header row.',
    );
    expect(
      await refused(await sendImportFile(server, world.owner, path(), 'header.csv', 'Title\n'), 400),
    ).toBe('The CSV file has a header but no rows to import.');
    expect(await runs()).toEqual([]);
    expect(await tasks()).toEqual([]);
  });

  it('refuses a file past IMPORT_MAX_BYTES by its size, declared or streamed, before reading it', async () => {
    // Declared at 200 MB: refused on the declared size, without waiting for the bytes.
    const declared = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const url = new URL(`${server.url}${path()}?file_name=huge.json`);
      const request = http.request(url, {
        method: 'POST',
        headers: {
          origin: server.url,
          cookie: world.owner.cookie,
          'content-type': 'application/octet-stream',
          'content-length': String(200 * 1024 * 1024),
        },
      });
      request.on('response', (response) => {
        let body = '';
        response.on('data', (part: Buffer) => {
          body += part.toString();
        });
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, body });
          request.destroy();
        });
      });
      request.on('error', reject);
      request.write(Buffer.alloc(64 * 1024, 'x'));
    });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body)).toMatchObject({
      code: 'payload_too_large',
      message: 'The file is larger than 256 KB, the most an import accepts.',
    });

    // Sent without a length (chunked), the bytes are counted as they come.
    const chunk = new TextEncoder().encode(`${'x'.repeat(1023)}\n`);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= MAX * 4) controller.close();
        else {
          sent += chunk.length;
          controller.enqueue(chunk);
        }
      },
    });
    const streamed = await fetch(`${server.url}${path()}?file_name=big.csv`, {
      method: 'POST',
      headers: { origin: server.url, cookie: world.owner.cookie, 'content-type': 'application/octet-stream' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(await refused(streamed, 413)).toMatch(/the most an import accepts/);
    expect(await runs()).toEqual([]);
  });

  it('refuses a body that is not a file, a missing file name and a malformed id', async () => {
    const json = await world.owner.api(`${path()}?file_name=a.csv`, { body: { title: 'x' } });
    expect(json.status).toBe(415);
    const nameless = await sendImportFile(server, world.owner, path(), '', 'Title\nA\n');
    expect(await refused(nameless, 400)).toContain('Name the file (file_name).');
    expect((await world.owner.api('/api/imports/not-an-id')).status).toBe(400);
    expect(await runs()).toEqual([]);
  });

  it('answers 404 for another organization’s project and imports', async () => {
    const outsiderPath = `/api/projects/${world.outsiderProjectId}/imports`;
    expect(
      await refused(await sendImportFile(server, world.owner, outsiderPath, 'a.csv', 'Title\nA\n'), 404),
    ).toBe('Project not found.');
    const theirs = await sendImportFile(server, world.outsider, outsiderPath, 'a.csv', 'Title\nTheirs\n');
    expect(theirs.status).toBe(201);
    const { import_id } = (await theirs.json()) as { import_id: string };
    expect(await refused(await world.owner.api(`/api/imports/${import_id}`), 404)).toBe('Import not found.');
    expect(
      await refused(
        await world.owner.api(`/api/imports/${import_id}/start`, { body: { csv_columns: ['title'] } }),
        404,
      ),
    ).toBe('Import not found.');
    expect(
      await refused(
        await sendImportFile(
          server,
          world.owner,
          `/api/organizations/${world.outsiderOrganizationId}/imports`,
          'a.csv',
          'Title\nA\n',
        ),
        404,
      ),
    ).toBe('Organization not found.');
  });
});
