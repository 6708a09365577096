import { z } from 'zod';
import { taskStatusSchema } from './status-schema.ts';
import { personViewSchema } from './task-schemas.ts';

/** How many node ids one question may name: the selected node and its parents, up to the page. */
const LINKED_TASKS_MAX_NODES = 100;

const FILE_KEY = /^[A-Za-z0-9]{10,128}$/;
const NODE_ID = /^[A-Za-z0-9_:;-]{1,200}$/;
const NODE_IDS_MESSAGE = `node_ids is a comma-separated list of 1 to ${LINKED_TASKS_MAX_NODES} Figma node ids (such as 1:2).`;

/** GET /api/figma/linked-tasks: the plugin's selected node and its parents, in one Figma file. */
export const linkedTasksQuery = z.object({
  file_key: z.string().regex(FILE_KEY, 'file_key is the key of a Figma file (letters and digits).'),
  node_ids: z
    .string()
    .max(LINKED_TASKS_MAX_NODES * 201, NODE_IDS_MESSAGE)
    .transform((text) => text.split(','))
    .pipe(
      z
        .array(z.string().regex(NODE_ID, NODE_IDS_MESSAGE))
        .min(1)
        .max(LINKED_TASKS_MAX_NODES, NODE_IDS_MESSAGE),
    ),
});

/** A task linked to one of the asked nodes, as the Figma plugin lists it. */
export const linkedTaskSchema = z.object({
  task_id: z.uuid(),
  project_id: z.uuid(),
  project_name: z.string(),
  /** The task's reference as people say it: the project's trigram and number ("WEB-12"). */
  reference: z.string(),
  title: z.string(),
  status: taskStatusSchema,
  assignee: personViewSchema.nullable(),
  /** The day it is due (YYYY-MM-DD), or null; at most one of due_on and due_at is set. */
  due_on: z.string().nullable(),
  /** The instant it is due (ISO, UTC), or null. */
  due_at: z.string().nullable(),
  /** Which of the asked nodes it links (the nearest one to the selection when several). */
  node_id: z.string(),
  /** The task's page in Figgle. */
  url: z.string(),
});
export type LinkedTask = z.infer<typeof linkedTaskSchema>;
