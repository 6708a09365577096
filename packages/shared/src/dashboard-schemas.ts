import { z } from 'zod';
import { taskStatusSchema } from './status-schema.ts';

/** Weeks shown by the created/completed chart, the current one included. */
export const DASHBOARD_WEEKS = 8;
/** Days counted for the most active projects. */
export const DASHBOARD_ACTIVE_DAYS = 7;
export const DASHBOARD_ACTIVE_PROJECTS = 5;
export const DASHBOARD_MY_TASKS = 10;
export const DASHBOARD_FIGMA_EVENTS = 5;

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
