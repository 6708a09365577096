import { z } from 'zod';
import {
  CUSTOM_FIELD_KINDS,
  CUSTOM_FIELDS_PER_ORGANIZATION_MAX,
  customValueSchema,
} from './custom-field-schemas.ts';
import { CYCLE_NAME_MAX, CYCLE_WEEKS_MAX, CYCLE_WEEKS_MIN } from './cycle-schemas.ts';
import { richTextSchema } from './delta.ts';
import { estimateScaleSchema, estimateSchema } from './estimate.ts';
import { logMetadataSchema, logTypeSchema } from './log-type.ts';
import {
  MILESTONE_DESCRIPTION_MAX,
  MILESTONE_NAME_MAX,
  MILESTONES_PER_PROJECT_MAX,
} from './milestone-schemas.ts';
import {
  dueAtSchema,
  dueOnSchema,
  labelColorSchema,
  startDateSchema,
  taskPrioritySchema,
} from './planning-schemas.ts';
import { defaultViewSchema, projectEmojiSchema } from './project-schemas.ts';
import { roleSchema } from './roles.ts';
import { taskStatusSchema } from './status-schema.ts';
import { RELATION_SIDES } from './subtask-schemas.ts';
import {
  TEMPLATE_CHECKLIST_MAX,
  TEMPLATE_NAME_MAX,
  TEMPLATE_SUBTASKS_MAX,
  TEMPLATE_TITLE_PATTERN_MAX,
  TEMPLATES_PER_PROJECT_MAX,
} from './task-template-schemas.ts';

/**
 * Figgle's own export files (docs/product.md#export). Version 1 is what this server writes; an
 * importer reads it back with these schemas, so a change of meaning takes a new version number and
 * the old one keeps being read. Ids in a file are the exporting server's ids: they only tie the
 * parts of the file together (a task's labels, a comment's author, a log line's comment), and an
 * importer maps them to new rows instead of reusing them.
 */
export const PROJECT_EXPORT_FORMAT = 'figgle-project';
export const ORGANIZATION_EXPORT_FORMAT = 'figgle-organization';
export const EXPORT_VERSION = 1;

/** A reference to one entry of the file's `members` (its `id`); null: nobody, or a person removed for good. */
const personRefSchema = z.string().min(1).nullable();
/** An instant of a year from 1: the database has no year 0, and an import must not find that out in its job. */
const instantSchema = z.iso
  .datetime({ offset: true })
  .refine((text) => !text.startsWith('0000'), 'must be a time of a year from 1 to 9999');

/**
 * A person the file names: as author, assignee, commenter or in the change log. `email` is there
 * only for someone the reader of the export may see it for (a member of the organization today);
 * `role` is null for someone who has left it.
 */
const exportedPersonSchema = z.object({
  id: z.string().min(1),
  firstname: z.string(),
  lastname: z.string(),
  email: z.email().nullable(),
  role: roleSchema.nullable(),
});
export type ExportedPerson = z.infer<typeof exportedPersonSchema>;

const exportedLabelSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  color: labelColorSchema,
});
export type ExportedLabel = z.infer<typeof exportedLabelSchema>;

const exportedChecklistItemSchema = z.object({
  text: z.string(),
  done: z.boolean(),
  /** Fractional-indexing key: items sort by it byte-wise, as on the board. */
  rank: z.string().min(1),
  created_at: instantSchema,
});

const exportedCommentSchema = z.object({
  id: z.string().min(1),
  author: personRefSchema,
  /** The name shown for the author when there is no person (a comment that came from Figma). */
  author_name: z.string(),
  created_at: instantSchema,
  content: richTextSchema,
});

/**
 * A line of the task's change log. Its metadata is the log's own (logMetadataSchema): assignee ids
 * in it are person ids of the file (one whose account is gone is in no `members` entry), labels
 * carry the name they had then (their id may be of a label since deleted), and a COMMENT line names
 * its comment by `comment_id`.
 */
const exportedLogEntrySchema = z.object({
  type: logTypeSchema,
  author: personRefSchema,
  created_at: instantSchema,
  metadata: logMetadataSchema.extend({ comment_id: z.string().optional() }),
});
export type ExportedLogEntry = z.infer<typeof exportedLogEntrySchema>;

/**
 * A file attached to the task (its description or its comments). The file itself stays on the
 * exporting server: `url` is its address there (site-relative, as in the deltas), readable by whoever
 * may read the task.
 */
const exportedUploadSchema = z.object({
  name: z.string(),
  content_type: z.string(),
  size: z.number().int().nonnegative(),
  path: z.string().min(1),
  url: z.string().min(1),
  created_at: instantSchema,
});

/**
 * Another task a task's structure names (its parent, the other end of a relation): `id` is the
 * exporting server's id of it (a task of the file when the file holds a task with this id), and
 * `reference` its reference then ("WEB-12"), by which an importer finds a task of another project.
 */
const exportedTaskLinkSchema = z.object({
  id: z.string().min(1),
  reference: z.string().min(1).max(40),
});

/** One relation as this task reads it ("blocked_by" WEB-9); a relation between two tasks of the file is on both. */
const exportedRelationSchema = z.object({
  side: z.enum(RELATION_SIDES),
  task: exportedTaskLinkSchema,
});

/** A live task of the project (archived ones have status ARCHIVE; deleted ones are not exported). */
const exportedTaskSchema = z.object({
  id: z.string().min(1),
  /** The number after the trigram (ABC-12 → 12). */
  reference: z.number().int().positive(),
  title: z.string().min(1),
  status: taskStatusSchema,
  /** Fractional-indexing key of the task in its status column. */
  rank: z.string().min(1),
  description: richTextSchema,
  author: personRefSchema,
  author_name: z.string(),
  assignee: personRefSchema,
  /** At most one of due_on (a day) and due_at (an instant) is set. */
  due_on: dueOnSchema.nullable(),
  due_at: dueAtSchema.nullable(),
  /** The start day (YYYY-MM-DD), or null (absent in files from before start dates). */
  start_date: startDateSchema.nullable().default(null),
  priority: taskPrioritySchema,
  /** A value of the project's `estimate_scale`, or null (absent in files from before estimates). */
  estimate: estimateSchema.nullable().default(null),
  /** The task it is a sub-task of (in this file or another project), or null; absent in files from before sub-tasks. */
  parent: exportedTaskLinkSchema.nullable().default(null),
  /** Its place among its parent's sub-tasks, from 1 (null: none given, after those that have one). */
  subtask_position: z.number().int().positive().nullable().default(null),
  /** Its relations with live tasks, as it reads them; absent in files from before relations. */
  relations: z.array(exportedRelationSchema).max(100_000).default([]),
  /** Id of the file's `milestones` entry it belongs to, or null (absent in files from before milestones). */
  milestone: z.string().min(1).nullable().default(null),
  /** Id of the file's `cycles` entry it is planned in, or null (absent in files from before cycles). */
  cycle: z.string().min(1).nullable().default(null),
  /** Its values of the file's `custom_fields`, in their kind's shape; absent in files from before them. */
  custom_values: z
    .array(z.object({ field: z.string().min(1), value: customValueSchema }))
    .max(CUSTOM_FIELDS_PER_ORGANIZATION_MAX)
    .default([]),
  /** Ids of the file's `labels`. */
  labels: z.array(z.string().min(1)),
  checklist: z.array(exportedChecklistItemSchema),
  comments: z.array(exportedCommentSchema),
  log: z.array(exportedLogEntrySchema),
  uploads: z.array(exportedUploadSchema),
  from_figma: z.boolean(),
  created_at: instantSchema,
  updated_at: instantSchema,
});
export type ExportedTask = z.infer<typeof exportedTaskSchema>;

/** A milestone of the project (docs/product.md#milestones). */
const exportedMilestoneSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1).max(MILESTONE_NAME_MAX),
  target_date: dueOnSchema,
  description: z.string().max(MILESTONE_DESCRIPTION_MAX),
  created_at: instantSchema,
});
export type ExportedMilestone = z.infer<typeof exportedMilestoneSchema>;

/** How the project plans in cycles (docs/product.md#cycles); null: never turned on. */
const exportedCycleSettingsSchema = z.object({
  enabled: z.boolean(),
  weeks: z.number().int().min(CYCLE_WEEKS_MIN).max(CYCLE_WEEKS_MAX),
  week_start: z.number().int().min(0).max(6),
});

const finalCount = z.number().int().nonnegative().nullable();

/** A cycle of the project: its number, days (ends_on is the day after its last), name and, once closed, its final figures. */
const exportedCycleSchema = z
  .object({
    id: z.string().min(1),
    number: z.number().int().positive(),
    name: z.string().min(1).max(CYCLE_NAME_MAX).nullable(),
    starts_on: dueOnSchema,
    ends_on: dueOnSchema,
    closed_at: instantSchema.nullable(),
    final_scope: finalCount,
    final_done: finalCount,
    final_scope_points: finalCount,
    final_done_points: finalCount,
  })
  .refine((cycle) => cycle.ends_on > cycle.starts_on, {
    message: 'must be after starts_on',
    path: ['ends_on'],
  });
export type ExportedCycle = z.infer<typeof exportedCycleSchema>;

const exportedProjectSchema = z.object({
  name: z.string().min(1),
  trigram: z.string().min(1),
  emoji: projectEmojiSchema,
  description: z.string(),
  default_view: defaultViewSchema,
  /** 'none' in files from before estimates. */
  estimate_scale: estimateScaleSchema.default('none'),
  /** The highest task reference the project has given (deleted tasks included). */
  last_reference: z.number().int().nonnegative(),
  /** Null in files from before cycles, or when the project never planned in cycles. */
  cycle_settings: exportedCycleSettingsSchema.nullable().default(null),
  created_at: instantSchema,
  updated_at: instantSchema,
});

/** A custom field on in the project (docs/product.md#custom-fields), with its options. */
const exportedCustomFieldSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  kind: z.enum(CUSTOM_FIELD_KINDS),
  unit: z.string().nullable(),
  options: z.array(z.object({ id: z.string().min(1), name: z.string().min(1), colour: labelColorSchema })),
});
export type ExportedCustomField = z.infer<typeof exportedCustomFieldSchema>;

/**
 * A task template of the project (docs/product.md#templates): its labels are ids of the file's
 * `labels`, its custom values name the file's `custom_fields` (a person by an id of `members`).
 */
const exportedTemplateSchema = z.object({
  name: z.string().min(1).max(TEMPLATE_NAME_MAX),
  title_pattern: z.string().min(1).max(TEMPLATE_TITLE_PATTERN_MAX),
  description: richTextSchema,
  checklist: z.array(z.string()).max(TEMPLATE_CHECKLIST_MAX),
  subtasks: z.array(z.string()).max(TEMPLATE_SUBTASKS_MAX),
  labels: z.array(z.string().min(1)).max(1000),
  priority: taskPrioritySchema,
  estimate: estimateSchema.nullable(),
  custom_values: z
    .array(z.object({ field: z.string().min(1), value: customValueSchema }))
    .max(CUSTOM_FIELDS_PER_ORGANIZATION_MAX),
});
export type ExportedTemplate = z.infer<typeof exportedTemplateSchema>;

/** GET /api/projects/:projectId/export.json */
export const projectExportSchema = z.object({
  format: z.literal(PROJECT_EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exported_at: instantSchema,
  project: exportedProjectSchema,
  /** The organization's labels that the tasks carry. */
  labels: z.array(exportedLabelSchema),
  /** Every person the tasks name, and nobody else. */
  members: z.array(exportedPersonSchema),
  /** By reference; status and rank give each its place on the board. */
  tasks: z.array(exportedTaskSchema),
  /** The project's milestones, by target date; absent in files from before milestones. */
  milestones: z.array(exportedMilestoneSchema).max(MILESTONES_PER_PROJECT_MAX).default([]),
  /** The project's cycles, by number; absent in files from before cycles. */
  cycles: z
    .array(exportedCycleSchema)
    .max(10_000)
    .refine((cycles) => new Set(cycles.map((cycle) => cycle.number)).size === cycles.length, {
      message: 'must number each cycle once',
    })
    .default([]),
  /** The custom fields on in the project; absent in files from before custom fields. */
  custom_fields: z.array(exportedCustomFieldSchema).max(CUSTOM_FIELDS_PER_ORGANIZATION_MAX).default([]),
  /** The project's task templates, by name; absent in files from before templates. */
  templates: z.array(exportedTemplateSchema).max(TEMPLATES_PER_PROJECT_MAX).default([]),
});
export type ProjectExport = z.infer<typeof projectExportSchema>;

/** GET /api/organizations/:organizationId/export.json (owners only). */
export const organizationExportSchema = z.object({
  format: z.literal(ORGANIZATION_EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exported_at: instantSchema,
  organization: z.object({ name: z.string().min(1), created_at: instantSchema }),
  /** Everyone with a rule in the organization. */
  members: z.array(exportedPersonSchema),
  /** Every label of the organization. */
  labels: z.array(exportedLabelSchema),
  /** Each live project as its own complete project export. */
  projects: z.array(projectExportSchema),
});

/** The columns of the tasks CSV, in order (GET /api/projects/:projectId/export.csv). */
export const TASK_CSV_COLUMNS = [
  'Reference',
  'Title',
  'Status',
  'Assignee email',
  'Due date',
  'Start date',
  'Priority',
  'Estimate',
  'Parent',
  'Blocked by',
  'Milestone',
  'Cycle',
  'Labels',
  'Description',
  'Created',
  'Updated',
] as const;
