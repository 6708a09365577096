import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { EntityLoader } from '../../realtime/fan-out.ts';
import { presentComment } from '../comments/presenter.ts';
import { commentsOfTask } from '../comments/queries.ts';
import { presentFigmaEvent } from '../figma-events/presenter.ts';
import { figmaEventById } from '../figma-events/queries.ts';
import { presentProject } from '../projects/presenter.ts';
import { projectOf } from '../projects/queries.ts';
import { presentMyTask, presentTaskDetail, presentTaskSummary } from '../tasks/presenter.ts';
import { taskDetail } from '../tasks/queries.ts';
import { presentLog } from '../timeline/presenter.ts';
import { logOfTask } from '../timeline/queries.ts';

/** Events carry what the REST routes answer: the same queries and presenters, run once per event. */
export function createEntityLoader(db: Kysely<Database>): EntityLoader {
  return {
    async task(taskId) {
      const row = await taskDetail(db, taskId);
      if (!row) return null;
      return { summary: presentTaskSummary(row), myTask: presentMyTask(row), detail: presentTaskDetail(row) };
    },

    async project(projectId, viewerIds) {
      // The project is the same for everyone but the favorite star: one load, then the bookmarks.
      let row: Awaited<ReturnType<typeof projectOf>>;
      for (const viewerId of viewerIds.slice(0, 3)) {
        row = await projectOf(db, viewerId, projectId);
        if (row) break;
      }
      if (!row) return null;
      const bookmarked = await db
        .selectFrom('bookmark')
        .select('user_id')
        .where('project_id', '=', projectId)
        .where('user_id', 'in', viewerIds)
        .execute();
      const bookmarkers = new Set(bookmarked.map((bookmark) => bookmark.user_id));
      const view = presentProject(row);
      return new Map(
        viewerIds.map((viewerId) => [viewerId, { ...view, is_bookmarked: bookmarkers.has(viewerId) }]),
      );
    },

    async comment(commentId, taskId) {
      const [row] = await commentsOfTask(db, taskId, commentId);
      return row ? presentComment(row) : null;
    },

    async log(logId, taskId) {
      const row = await logOfTask(db, logId, taskId);
      return row ? presentLog(row) : null;
    },

    async figmaEvent(figmaEventId) {
      const row = await figmaEventById(db, figmaEventId);
      return row ? presentFigmaEvent(row) : null;
    },
  };
}
