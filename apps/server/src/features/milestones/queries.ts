import { PACE_WINDOW_DAYS } from '@figgle/shared/milestone-forecast';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { FINISHED_CATEGORIES, taskFigures } from '../../db/task-figures.ts';

export interface MilestoneRow {
  milestone_id: string;
  project_id: string;
  name: string;
  description: string;
  target_date: string;
  created_at: Date;
  estimate_scale: 'none' | 'points' | 'tshirt';
  total: number;
  done: number;
  done_recently: number;
  points_total: number;
  points_done: number;
}

export interface MilestoneAtRiskRow extends MilestoneRow {
  project_name: string;
  project_trigram: string;
  project_emoji: string;
}

/**
 * Each milestone with its live tasks counted: all, finished (Done or Archive), finished within the
 * pace window before `now` (a STATUS log line to a status of its project in the Done or Canceled
 * category, as the status is now), and the same by points.
 */
function milestonesWithCounts(db: Kysely<Database>, now: Date) {
  const since = new Date(now.getTime() - PACE_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  return db
    .selectFrom('milestone')
    .innerJoin('project', 'project.project_id', 'milestone.project_id')
    .leftJoin('task', (join) =>
      join.onRef('task.milestone_id', '=', 'milestone.milestone_id').on('task.deleted_at', 'is', null),
    )
    .select([
      'milestone.milestone_id',
      'milestone.project_id',
      'milestone.name',
      'milestone.description',
      sql<string>`to_char(milestone.target_on, 'YYYY-MM-DD')`.as('target_date'),
      'milestone.created_at',
      'project.estimate_scale',
      'project.name as project_name',
      'project.trigram as project_trigram',
      'project.emoji as project_emoji',
      taskFigures.all.as('total'),
      taskFigures.finished.as('done'),
      sql<number>`(count(task.task_id) FILTER (WHERE task.status_category IN ${FINISHED_CATEGORIES} AND EXISTS (
        SELECT 1 FROM log WHERE log.task_id = task.task_id AND log.type = 'STATUS'
          AND log.metadata #>> '{status,new}' IN (
            SELECT project_status.key FROM project_status
            WHERE project_status.project_id = task.project_id
              AND project_status.category IN ${FINISHED_CATEGORIES}
          ) AND log.created_at >= ${since}
      )))::int`.as('done_recently'),
      taskFigures.points.as('points_total'),
      taskFigures.finishedPoints.as('points_done'),
    ])
    .where('project.deleted_at', 'is', null)
    .groupBy(['milestone.milestone_id', 'project.project_id'])
    .orderBy('milestone.target_on')
    .orderBy('milestone.name')
    .orderBy('milestone.milestone_id');
}

export function milestonesOfProject(
  db: Kysely<Database>,
  projectId: string,
  now: Date,
): Promise<MilestoneRow[]> {
  return milestonesWithCounts(db, now).where('milestone.project_id', '=', projectId).execute();
}

export function milestoneById(
  db: Kysely<Database>,
  milestoneId: string,
  now: Date,
): Promise<MilestoneRow | undefined> {
  return milestonesWithCounts(db, now).where('milestone.milestone_id', '=', milestoneId).executeTakeFirst();
}

/** The milestones of the user's organizations whose target is still to come or just passed, open ones. */
export function openMilestonesOfUser(
  db: Kysely<Database>,
  userId: string,
  now: Date,
): Promise<MilestoneAtRiskRow[]> {
  return milestonesWithCounts(db, now)
    .where((eb) =>
      eb(
        'project.organization_id',
        'in',
        eb.selectFrom('rule').select('rule.organization_id').where('rule.user_id', '=', userId),
      ),
    )
    .execute();
}

/** The project of a milestone and its organization; undefined when the milestone or project is gone. */
export function placeOfMilestone(db: Kysely<Database>, milestoneId: string) {
  return db
    .selectFrom('milestone')
    .innerJoin('project', 'project.project_id', 'milestone.project_id')
    .select(['milestone.project_id', 'project.organization_id'])
    .where('milestone.milestone_id', '=', milestoneId)
    .where('project.deleted_at', 'is', null)
    .executeTakeFirst();
}
