import { z } from 'zod';
import { isCalendarDay } from './planning-schemas.ts';
import { taskStatusSchema } from './status-schema.ts';

/** Weeks shown by the created/completed chart, the current one included. */
export const DASHBOARD_WEEKS = 8;
/** Days counted for the most active projects. */
export const DASHBOARD_ACTIVE_DAYS = 7;
export const DASHBOARD_ACTIVE_PROJECTS = 5;
export const DASHBOARD_MY_TASKS = 10;
export const DASHBOARD_FIGMA_EVENTS = 5;
/** Tasks listed by the Remarkable tasks widget for each of its reasons. */
export const DASHBOARD_REMARKABLE_PER_REASON = 5;
/** A task in Doing for more days than this is remarkable. */
export const DASHBOARD_DOING_TOO_LONG_DAYS = 7;
/** Days over which comments are counted for the most-commented tasks ("this week"). */
export const DASHBOARD_COMMENT_DAYS = 7;
/** Fewer comments than this over those days is ordinary talk, not remarkable. */
export const DASHBOARD_COMMENTED_MIN = 2;

/** GET /api/dashboard?today=YYYY-MM-DD: the viewer's own day, which decides what is overdue. */
export const dashboardQuery = z.object({
  // A real day of a year from 1 (the database has no year 0).
  today: z.iso
    .date('today must be a day as YYYY-MM-DD.')
    .refine(isCalendarDay, 'today must be a day as YYYY-MM-DD.')
    .optional(),
});

const projectTagSchema = z.object({
  project_id: z.uuid(),
  name: z.string(),
  emoji: z.string(),
  trigram: z.string(),
});

const dashboardTaskSchema = z.object({
  task_id: z.uuid(),
  reference: z.number().int(),
  title: z.string(),
  status: taskStatusSchema,
  updated_at: z.string(),
  project: projectTagSchema,
});
export type DashboardTaskView = z.infer<typeof dashboardTaskSchema>;

/** Why a task is on the Remarkable tasks widget. */
const remarkableReasonSchema = z.discriminatedUnion('kind', [
  /** Not done and past its due day (before the viewer's today) or due instant. */
  z.object({ kind: z.literal('OVERDUE'), due_on: z.string().nullable(), due_at: z.string().nullable() }),
  /** In Doing since `since`, more than DASHBOARD_DOING_TOO_LONG_DAYS days ago. */
  z.object({ kind: z.literal('DOING_TOO_LONG'), since: z.string() }),
  /** Among the most commented over the last DASHBOARD_COMMENT_DAYS days. */
  z.object({ kind: z.literal('MOST_COMMENTED'), comments: z.number().int() }),
]);
export type RemarkableReason = z.infer<typeof remarkableReasonSchema>;

const remarkableTaskSchema = dashboardTaskSchema.extend({ reasons: z.array(remarkableReasonSchema).min(1) });
export type RemarkableTaskView = z.infer<typeof remarkableTaskSchema>;

export const dashboardSchema = z.object({
  /** Live tasks of the user's live projects, by status. */
  counters: z.object({
    TODO: z.number().int(),
    DOING: z.number().int(),
    DONE: z.number().int(),
    ARCHIVE: z.number().int(),
  }),
  /** Oldest first; weeks start on Monday, in UTC. */
  weeks: z.array(
    z.object({
      /** YYYY-MM-DD of the week's Monday. */
      week_start: z.string(),
      /** Tasks created that week. */
      created: z.number().int(),
      /** Times a task's status became Done that week. */
      completed: z.number().int(),
    }),
  ),
  /** Live tasks of those projects, not Done nor archived, past their due day or instant. */
  overdue: z.number().int(),
  /** Overdue tasks, then tasks in Doing for too long, then the most commented: each once, with its reasons. */
  remarkable_tasks: z.array(remarkableTaskSchema),
  /** Projects with the most log entries over the last DASHBOARD_ACTIVE_DAYS days, busiest first. */
  active_projects: z.array(projectTagSchema.extend({ activity: z.number().int() })),
  /** The user's assigned tasks, most recently changed first. */
  my_tasks: z.object({ TODO: z.array(dashboardTaskSchema), DOING: z.array(dashboardTaskSchema) }),
  /** The latest comments and replies that arrived from Figma, newest first. */
  figma_events: z.array(
    z.object({
      figma_event_id: z.uuid(),
      kind: z.enum(['TASK', 'REPLY', 'COMMENT']),
      content: z.string(),
      figma_triggered_by: z.string(),
      figma_file_name: z.string(),
      figma_file_url: z.string(),
      project: projectTagSchema.nullable(),
      task_id: z.uuid().nullable(),
      created_at: z.string(),
    }),
  ),
});
export type DashboardView = z.infer<typeof dashboardSchema>;
