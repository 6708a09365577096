import type { TaskStatus } from '../../../db/schema.ts';

/** What a task command tells its route: enough to publish the bus event and answer. */
export interface TaskChangeResult {
  taskId: string;
  projectId: string;
  organizationId: string;
  /** The task's status after the change (its status as it was, when nothing changed). */
  status: TaskStatus;
  /** False when every value was already the task's: nothing was written. */
  changed: boolean;
  /** The changed task's summary as JSON text (presentTaskSummary's shape); absent when nothing changed. */
  summary?: string;
}
