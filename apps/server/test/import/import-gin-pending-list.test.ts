// @database both
import type { TestServer } from '@figgle/test-support/test-server';
import { trelloBoard } from '@figgle/test-support/trello-board';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createProject, type RealtimeWorld, realtimeWorldPerFile } from '../realtime/realtime-world.ts';
import { analysed, finished, start } from './import-world.ts';

let server: TestServer;
let world: RealtimeWorld;

realtimeWorldPerFile((started) => ({ server, world } = started));

// docs/machinery/import-healthz.md: a GIN index gathers new entries in a pending list of 4 MB by
// default, and the insert that passes it merges them all, holding the embedded database's one
// connection (and the event loop) for up to 1.8 s under load. An import's batches keep the list
// at 64 kB, so each batch merges about its own entries.
describe('an import and the search indexes', () => {
  it('leaves no more than 64 kB (8 pages) in the comments search index pending list', async () => {
    const fixture = trelloBoard({ cards: 300, commentsPerCard: [4], lists: ['To Do', 'Doing', 'Done'] });
    const projectId = await createProject(world.owner, world.organizationId, 'Search');
    const run = await analysed(server, world.owner, projectId, 'board.json', JSON.stringify(fixture.board));
    if (run.analysis.format !== 'trello') throw new Error('not trello');
    const lists = Object.fromEntries(run.analysis.lists.map((list) => [list.list_id, list.suggested_status]));
    await start(world.owner, run.import_id, { trello_lists: lists });
    const done = await finished(world.owner, run.import_id);
    expect(done.imported).toMatchObject({ tasks: 300, comments: 1_200 });

    // gin_clean_pending_list merges the pending list and answers how many pages it held.
    const { rows } = await sql<{ pages: number }>`
      SELECT gin_clean_pending_list('comment_search_vector_idx'::regclass)::integer AS pages
    `.execute(server.deps.db);
    expect(rows[0]!.pages).toBeLessThanOrEqual(8);
  });
});
