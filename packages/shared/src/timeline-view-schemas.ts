import { z } from 'zod';
import { taskStatusSchema } from './status-schema.ts';
import { personViewSchema } from './task-schemas.ts';

// The project's Timeline view (docs/product.md#timeline): what GET /api/projects/:projectId/timeline answers.

const timelineTaskSchema = z.object({
  task_id: z.uuid(),
  /** The number after the project's trigram ("WEB-12"). */
  reference: z.number().int(),
  title: z.string(),
  status: taskStatusSchema,
  assignee: personViewSchema.nullable(),
  /** The day work starts (YYYY-MM-DD), or null. */
  start_date: z.string().nullable(),
  /** The day it is due (YYYY-MM-DD), or null; at most one of due_on and due_at is set. */
  due_on: z.string().nullable(),
  /** The instant it is due (ISO, UTC), or null. */
  due_at: z.string().nullable(),
  /** Its parent task when it is a sub-task (possibly of another project), else null. */
  parent_id: z.uuid().nullable(),
  milestone_id: z.uuid().nullable(),
});
export type TimelineTask = z.infer<typeof timelineTaskSchema>;

const timelineMilestoneSchema = z.object({
  milestone_id: z.uuid(),
  name: z.string(),
  target_date: z.string(),
});

/** from_task_id blocks to_task_id; both are tasks of the answer. */
const timelineBlockSchema = z.object({ from_task_id: z.uuid(), to_task_id: z.uuid() });

export const projectTimelineSchema = z.object({
  project_id: z.uuid(),
  trigram: z.string(),
  /** Every live task of the project, dated or not, by reference. */
  tasks: z.array(timelineTaskSchema),
  /** The project's milestones, soonest target first. */
  milestones: z.array(timelineMilestoneSchema),
  blocks: z.array(timelineBlockSchema),
});
export type ProjectTimeline = z.infer<typeof projectTimelineSchema>;

/** The zoom levels of the axis, kept in the address (?zoom=). */
export const TIMELINE_ZOOMS = ['week', 'month', 'quarter'] as const;
export type TimelineZoom = (typeof TIMELINE_ZOOMS)[number];

/** How bars are grouped, kept in the address (?group=). */
export const TIMELINE_GROUPS = ['milestone', 'assignee', 'status'] as const;
export type TimelineGroup = (typeof TIMELINE_GROUPS)[number];
