import { sql } from 'kysely';

/**
 * The categories of a finished task, Done and Canceled (migration 0037), as the list an SQL `IN` or
 * `NOT IN` takes: the same literal text in every statement. "Is it finished?" asks the category,
 * never a status's key. FINISHED_CATEGORY_LIST is that text, for SQL built as a plain string.
 */
export const FINISHED_CATEGORY_LIST = `('done', 'canceled')`;
export const FINISHED_CATEGORIES = sql.raw(FINISHED_CATEGORY_LIST);

const FINISHED = sql`task.status_category IN ${FINISHED_CATEGORIES}`;
/** A task has points when its estimate is a whole number (the points scale); a T-shirt size has none. */
const HAS_POINTS = sql`task.estimate ~ '^[0-9]+$'`;

/**
 * What cycles and milestones count of the tasks a grouped query reads as `task` (a left join's
 * missing task counts as none): all of them, the finished ones, and the same by points. The caller
 * chooses which tasks (live ones) and names the columns.
 */
export const taskFigures = {
  all: sql<number>`count(task.task_id)::int`,
  finished: sql<number>`(count(task.task_id) FILTER (WHERE ${FINISHED}))::int`,
  points: sql<number>`coalesce(sum(task.estimate::int) FILTER (WHERE ${HAS_POINTS}), 0)::int`,
  finishedPoints: sql<number>`coalesce(sum(task.estimate::int) FILTER (WHERE ${HAS_POINTS} AND ${FINISHED}), 0)::int`,
};
