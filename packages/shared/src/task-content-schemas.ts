import { z } from 'zod';
import { richTextSchema } from './delta.ts';

/** PATCH /api/tasks/:taskId/content: the description, a Delta checked by richTextSchema. */
export const updateTaskContentInput = z.object({ content_json: richTextSchema });

const deltaViewSchema = z.object({ ops: z.array(z.record(z.string(), z.unknown())) });

/** What the description save answers: enough to update the task in the client's cache. */
export const taskContentResultSchema = z.object({
  task_id: z.uuid(),
  content_json: deltaViewSchema,
  last_modified_by: z.uuid().nullable(),
  version: z.number().int(),
  updated_at: z.string(),
});
export type TaskContentResult = z.infer<typeof taskContentResultSchema>;
