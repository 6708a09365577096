import { z } from 'zod';
import { displayTextRules, requiredDisplayText } from './display-text.ts';
import { taskPrioritySchema } from './planning-schemas.ts';
import type { TaskPriority } from './priority.ts';
import { createProjectInput } from './project-schemas.ts';
import { TASK_TITLE_MAX, taskTitleSchema } from './task-schemas.ts';

// Task templates of a project (docs/product.md#templates): what the API takes and answers, and the
// ready templates every project offers.

export const TEMPLATE_NAME_MAX = 60;
/** A title pattern is a task title that may hold {date}; shorter than a title, so it fits once filled. */
export const TEMPLATE_TITLE_PATTERN_MAX = 200;
/** More than a project keeps at hand; past it, old templates should be removed. */
export const TEMPLATES_PER_PROJECT_MAX = 100;
/** A template's checklist and sub-tasks: what one creation writes at most. */
export const TEMPLATE_CHECKLIST_MAX = 50;
export const TEMPLATE_SUBTASKS_MAX = 20;

export const templateIdParams = z.object({ templateId: z.uuid() });

const nameSchema = requiredDisplayText(
  'The name of the template',
  TEMPLATE_NAME_MAX,
  'The name of a template',
);

const titlePatternSchema = z
  .string({ error: 'The title pattern is a text.' })
  .trim()
  .min(1, 'The title pattern is required.')
  .max(TEMPLATE_TITLE_PATTERN_MAX, `A title pattern is at most ${TEMPLATE_TITLE_PATTERN_MAX} characters.`)
  .check(...displayTextRules('The title pattern'));

/** POST /api/tasks/:taskId/template: the task as a template of its project. */
export const saveTaskTemplateInput = z
  .object({
    name: nameSchema,
    /** Absent: the task's title, cut to the pattern's limit. */
    title_pattern: titlePatternSchema.optional(),
  })
  .strict();
export type SaveTaskTemplateInput = z.input<typeof saveTaskTemplateInput>;

/** POST /api/projects/:projectId/tasks/from-template. */
export const createTaskFromTemplateInput = z
  .object({
    template_id: z.uuid({ error: 'The template id is a UUID.' }),
    /** Absent: the template's title pattern, filled in. */
    title: taskTitleSchema.optional(),
  })
  .strict();
export type CreateTaskFromTemplateInput = z.input<typeof createTaskFromTemplateInput>;

/**
 * POST /api/projects/:projectId/copy: a new project of the same organization with the project's
 * statuses, estimate scale, custom fields and task templates, and none of its tasks.
 */
export const createProjectFromTemplateInput = createProjectInput
  .pick({ name: true, trigram: true, emoji: true, description: true, is_bookmarked: true })
  .strict();

export const taskTemplateViewSchema = z.object({
  template_id: z.uuid(),
  /** Null for a ready template, offered in every project. */
  project_id: z.uuid().nullable(),
  ready: z.boolean(),
  name: z.string(),
  title_pattern: z.string(),
  description: z.string(),
  checklist: z.array(z.string()),
  subtasks: z.array(z.string()),
  label_ids: z.array(z.uuid()),
  priority: taskPrioritySchema,
  estimate: z.string().nullable(),
  /** Field id → value, in the custom field's kind's JSON shape. */
  custom_values: z.record(z.string(), z.unknown()),
});
export type TaskTemplateView = z.infer<typeof taskTemplateViewSchema>;

/** The title a pattern gives on `day` (YYYY-MM-DD): {date} becomes the day; cut to a title's limit. */
export function fillTitlePattern(pattern: string, day: string): string {
  return pattern.replaceAll('{date}', day).slice(0, TASK_TITLE_MAX).trim();
}

interface ReadyTemplate {
  template_id: string;
  name: string;
  title_pattern: string;
  description: string;
  checklist: readonly string[];
  subtasks: readonly string[];
  priority: TaskPriority;
}

/** The ready templates that ship with Figgle: read-only, offered in every project (decision 0028). */
export const READY_TEMPLATES: readonly ReadyTemplate[] = [
  {
    template_id: '0f1661e0-0000-4000-8000-000000000001',
    name: 'Design review',
    title_pattern: 'Design review: ',
    description: 'What is reviewed, the Figma frames it covers, and who decides.',
    checklist: [
      'Link the Figma frames',
      'Check the layouts at 390 px and 1440 px',
      'Check contrast in light and dark',
      'Collect the feedback in comments',
    ],
    subtasks: ['Apply the review feedback', 'Hand off to development'],
    priority: 'MEDIUM',
  },
  {
    template_id: '0f1661e0-0000-4000-8000-000000000002',
    name: 'Bug report',
    title_pattern: 'Bug: ',
    description: 'Steps to reproduce:\n1. \n\nExpected:\n\nActual:\n\nBrowser and device:',
    checklist: ['Reproduce the bug', 'Write a failing test', 'Fix it', 'Check the fix in the browser'],
    subtasks: [],
    priority: 'HIGH',
  },
  {
    template_id: '0f1661e0-0000-4000-8000-000000000003',
    name: 'Release checklist',
    title_pattern: 'Release {date}',
    description: 'What goes out in this release, and the notes users read.',
    checklist: [
      'Freeze the scope',
      'Run the whole test suite',
      'Write the release notes',
      'Tag the release',
      'Deploy and watch the health check',
    ],
    subtasks: ['Write the release notes', 'Announce the release'],
    priority: 'MEDIUM',
  },
];

/** A ready template as the API answers it. */
export function readyTemplateView(template: ReadyTemplate): TaskTemplateView {
  return {
    ...template,
    project_id: null,
    ready: true,
    checklist: [...template.checklist],
    subtasks: [...template.subtasks],
    label_ids: [],
    estimate: null,
    custom_values: {},
  };
}
