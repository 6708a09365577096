// @database both

import { useTestDatabase } from '@figgle/test-support/test-database';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import * as durableJobs from '../../src/db/migrations/0008_durable_jobs.ts';

/**
 * Before migration 0008 a Figma comment id was unique across every organization: the second
 * organization following the same Figma team found the first one's comment and kept none, though its
 * event pointed at its task. The migration makes the id unique per task and writes the missed replies.
 */
describe('migration 0008 on data written before it', () => {
  const database = useTestDatabase();

  it('writes the reply a second organization missed: comment, count and log row, once', async () => {
    const { db } = database();
    await durableJobs.down(db as unknown as Kysely<unknown>);

    const place = async (name: string) => {
      const organization = await db
        .insertInto('organization')
        .values({ name })
        .returning('organization_id')
        .executeTakeFirstOrThrow();
      const project = await db
        .insertInto('project')
        .values({ organization_id: organization.organization_id, name: 'Checkout', trigram: 'CHK' })
        .returning('project_id')
        .executeTakeFirstOrThrow();
      const task = await db
        .insertInto('task')
        .values({ project_id: project.project_id, reference: 1, title: 'Shared thread', rank: 'a0' })
        .returning('task_id')
        .executeTakeFirstOrThrow();
      return { organizationId: organization.organization_id, taskId: task.task_id };
    };
    const first = await place('First Studio');
    const second = await place('Second Studio');
    for (const { organizationId, taskId } of [first, second]) {
      await db
        .insertInto('figma_event')
        .values({
          organization_id: organizationId,
          figma_event_type: 'FILE_COMMENT',
          figma_comment_id: '5100000002',
          figma_parent_id: '5100000001',
          figma_file_key: 'zH44k2FUM629Fa4EMShiHL',
          figma_triggered_by: 'Ada Lovelace',
          kind: 'REPLY',
          content: 'Fixed in v3',
          task_id: taskId,
        })
        .execute();
    }
    // The first organization kept its comment; the second, refused by the unique id, none.
    await db
      .insertInto('comment')
      .values({
        task_id: first.taskId,
        author_name: 'Ada Lovelace',
        content_json: JSON.stringify({ ops: [{ insert: 'Fixed in v3\n' }] }),
        figma_comment_id: '5100000002',
      })
      .execute();
    await db.updateTable('task').set({ comments_total: 1 }).where('task_id', '=', first.taskId).execute();

    await durableJobs.up(db as unknown as Kysely<unknown>);

    const comments = await db
      .selectFrom('comment')
      .select(['task_id', 'author_name', 'content_json', 'comment_id'])
      .where('figma_comment_id', '=', '5100000002')
      .orderBy('created_at')
      .execute();
    expect(comments.map((comment) => comment.task_id).sort()).toEqual([first.taskId, second.taskId].sort());
    const written = comments.find((comment) => comment.task_id === second.taskId)!;
    expect(written.author_name).toBe('Ada Lovelace');
    expect(written.content_json).toEqual({ ops: [{ insert: 'Fixed in v3\n' }] });
    const counts = await db
      .selectFrom('task')
      .select(['task_id', 'comments_total'])
      .where('task_id', 'in', [first.taskId, second.taskId])
      .execute();
    expect(counts.every((task) => task.comments_total === 1)).toBe(true);
    const logs = await db
      .selectFrom('log')
      .select(['metadata', 'organization_id'])
      .where('task_id', '=', second.taskId)
      .where('type', '=', 'COMMENT')
      .execute();
    expect(logs).toEqual([
      { metadata: { comment_id: written.comment_id }, organization_id: second.organizationId },
    ]);

    // The same id on two tasks is allowed now; twice on one task still is not.
    await expect(
      db
        .insertInto('comment')
        .values({
          task_id: second.taskId,
          content_json: JSON.stringify({ ops: [{ insert: 'again\n' }] }),
          figma_comment_id: '5100000002',
        })
        .execute(),
    ).rejects.toThrow(/unique|duplicate/i);
  });
});
